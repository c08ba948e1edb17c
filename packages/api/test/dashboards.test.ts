// Dashboards and charts: the creator and org owners edit, archive and delete; every
// query-role colleague views and copies; another organisation's dashboard answers 404; impersonating
// support staff read but write only with support_write; every write is audited. Seeded dashboards
// (item 7) exist for each demo organisation. On PGlite and on a real PostgreSQL server.
import {
  DASHBOARD_PATHS,
  dashboardListSchema,
  dashboardSchema,
  type ChartConfigInput,
} from '@payportal/shared/dashboards';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDashboards } from '../src/dashboards/seedDashboards.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { impersonationHeaders } from './impersonation.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const BAR: ChartConfigInput = {
  type: 'bar',
  title: 'GSV by region',
  query: { measures: ['gsv'], dimensions: ['region'] },
};

describe.each(DATABASE_KINDS)('dashboards API on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  const as: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
    for (const uid of ['seed-owner', 'seed-analyst', 'seed-mfa', 'seed-demo', 'seed-uploader'])
      as[uid] = bearer(await idTokenFor(uid));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    uid: string | Record<string, string>,
    payload?: object,
  ) => app.inject({ method, url, headers: typeof uid === 'string' ? as[uid]! : uid, ...(payload && { payload }) });
  const create = async (uid: string, title: string) => {
    const response = await call('POST', DASHBOARD_PATHS.dashboards(), uid, { title });
    expect(response.statusCode, response.body).toBe(201);
    return dashboardSchema.parse(response.json());
  };

  it('seeds the four dashboards for each demo organisation, the portfolio overview with 8 charts and the VAMP lines', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    for (const uid of ['seed-analyst', 'seed-demo']) {
      const list = dashboardListSchema.parse((await call('GET', DASHBOARD_PATHS.dashboards(), uid)).json());
      expect(
        list.dashboards
          .filter((d) => d.seeded)
          .map((d) => d.title)
          .sort(),
      ).toEqual(['Authorisation', 'Disputes and VAMP', 'Economics', 'Portfolio overview']);
      expect(list.dashboards.find((d) => d.title === 'Portfolio overview')!.chart_count).toBe(8);
    }
    const list = dashboardListSchema.parse((await call('GET', DASHBOARD_PATHS.dashboards(), 'seed-analyst')).json());
    const vamp = dashboardSchema.parse(
      (
        await call(
          'GET',
          DASHBOARD_PATHS.dashboard(list.dashboards.find((d) => d.title === 'Disputes and VAMP')!.id),
          'seed-analyst',
        )
      ).json(),
    );
    expect(vamp.charts.flatMap((chart) => chart.config.display.thresholds.map((line) => line.value))).toEqual(
      expect.arrayContaining([0.015, 0.022]),
    );
    // Its trends by month follow each month's sales to their chargebacks, so the months still inside the
    // dispute window are drawn as not yet final and the first months of the data are whole.
    const byMonth = vamp.charts.filter((chart) => chart.config.query.timeDimension?.granularity === 'month');
    expect(byMonth.map((chart) => [chart.config.title, chart.config.query.measures])).toEqual([
      ['VAMP ratio by month of sale', ['vamp_ratio_cohort']],
      ['Chargeback ratio by month of sale', ['chargeback_ratio_cohort']],
    ]);
  });

  it('seeds the day-of-week × hour heatmap into Authorisation, and into an Authorisation seeded before it, once', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const HEATMAP = 'Authorisation attempts by day and hour';
    const authorisation = async () => {
      const list = dashboardListSchema.parse((await call('GET', DASHBOARD_PATHS.dashboards(), 'seed-analyst')).json());
      return dashboardSchema.parse(
        (
          await call(
            'GET',
            DASHBOARD_PATHS.dashboard(list.dashboards.find((d) => d.seeded && d.title === 'Authorisation')!.id),
            'seed-analyst',
          )
        ).json(),
      );
    };
    const heatmaps = async () => (await authorisation()).charts.filter((chart) => chart.config.title === HEATMAP);
    const [seededHeatmap] = await heatmaps();
    expect(seededHeatmap!.config).toMatchObject({
      type: 'heatmap',
      query: { dimensions: ['hour_of_day', 'day_of_week'] },
    });
    const board = await authorisation();
    const [owner] = await db.query<{ org_id: number; owner_id: number }>(
      'select org_id, owner_id from dashboards where id = $1',
      [board.id],
    );
    const reseed = () => seedDashboards(db!, owner!.org_id, owner!.owner_id);
    // A database seeded at version 1 had no heatmap: the next start adds it once, a second start not again.
    expect((await call('DELETE', DASHBOARD_PATHS.chart(board.id, seededHeatmap!.id), 'seed-owner')).statusCode).toBe(
      204,
    );
    await db.query('update dashboards set seed_version = 1 where id = $1', [board.id]);
    await reseed();
    await reseed();
    expect(await heatmaps()).toHaveLength(1);
    expect((await authorisation()).layout.at(-1)!.chart_id).toBe((await heatmaps())[0]!.id);
    // Removed by its owner afterwards, it stays removed.
    expect(
      (await call('DELETE', DASHBOARD_PATHS.chart(board.id, (await heatmaps())[0]!.id), 'seed-owner')).statusCode,
    ).toBe(204);
    await reseed();
    expect(await heatmaps()).toHaveLength(0);
  });

  it('lets the creator and org owners edit, archive and delete; a query-role colleague views and copies but cannot change it', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const mine = await create('seed-analyst', 'Quinn’s morning view');
    expect(mine.can_edit).toBe(true);
    const added = await call('POST', DASHBOARD_PATHS.charts(mine.id), 'seed-analyst', BAR);
    expect(added.statusCode, added.body).toBe(201);
    const chartId = added.json().id as number;

    const seen = dashboardSchema.parse((await call('GET', DASHBOARD_PATHS.dashboard(mine.id), 'seed-mfa')).json());
    expect(seen).toMatchObject({ can_edit: false, charts: [{ id: chartId }], layout: [{ chart_id: chartId, w: 6 }] });
    for (const [method, url, payload] of [
      ['PUT', DASHBOARD_PATHS.dashboard(mine.id), { title: 'Taken over' }],
      ['POST', DASHBOARD_PATHS.archive(mine.id), { archived: true }],
      ['POST', DASHBOARD_PATHS.charts(mine.id), BAR],
      ['PUT', DASHBOARD_PATHS.chart(mine.id, chartId), BAR],
      ['DELETE', DASHBOARD_PATHS.chart(mine.id, chartId), undefined],
      ['DELETE', DASHBOARD_PATHS.dashboard(mine.id), undefined],
    ] as const) {
      const refused = await call(method, url, 'seed-mfa', payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.code).toBe(API_ERROR_CODES.forbidden);
    }
    // The colleague copies the chart into a dashboard of their own.
    const theirs = await create('seed-mfa', 'Max’s copy');
    const copied = await call('POST', DASHBOARD_PATHS.copyChart(mine.id, chartId), 'seed-mfa', {
      target_dashboard_id: theirs.id,
    });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(
      dashboardSchema.parse((await call('GET', DASHBOARD_PATHS.dashboard(theirs.id), 'seed-mfa')).json()).charts[0]!
        .config,
    ).toEqual(seen.charts[0]!.config);
    // …but not into the creator's.
    expect(
      (
        await call('POST', DASHBOARD_PATHS.copyChart(theirs.id, copied.json().id), 'seed-mfa', {
          target_dashboard_id: mine.id,
        })
      ).statusCode,
    ).toBe(403);

    // The org owner edits (layout and filters included), archives, restores; the creator deletes.
    const layout = [{ chart_id: chartId, w: 12, h: 2 }];
    const edited = await call('PUT', DASHBOARD_PATHS.dashboard(mine.id), 'seed-owner', {
      title: 'Renamed by Olivia',
      filters: { channel: ['cnp'] },
      layout,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Renamed by Olivia', filters: { channel: ['cnp'] }, layout });
    expect(
      (await call('POST', DASHBOARD_PATHS.archive(mine.id), 'seed-owner', { archived: true })).json().archived,
    ).toBe(true);
    const archived = dashboardListSchema.parse(
      (await call('GET', DASHBOARD_PATHS.dashboards(true), 'seed-analyst')).json(),
    );
    expect(archived.dashboards.map((d) => d.id)).toContain(mine.id);
    expect(
      dashboardListSchema
        .parse((await call('GET', DASHBOARD_PATHS.dashboards(), 'seed-analyst')).json())
        .dashboards.map((d) => d.id),
    ).not.toContain(mine.id);
    expect(
      (await call('POST', DASHBOARD_PATHS.archive(mine.id), 'seed-analyst', { archived: false })).json().archived,
    ).toBe(false);
    expect((await call('DELETE', DASHBOARD_PATHS.dashboard(mine.id), 'seed-analyst')).statusCode).toBe(204);
    expect((await call('GET', DASHBOARD_PATHS.dashboard(mine.id), 'seed-analyst')).statusCode).toBe(404);

    const events = await db.query<{ event: string; user_id: number }>(
      'select event from dashboard_audit where dashboard_id = $1 order by id',
      [mine.id],
    );
    expect(events.map((row) => row.event)).toEqual([
      'create',
      'chart-create',
      'update',
      'archive',
      'restore',
      'delete',
    ]);
  });

  it('answers 404 for another organisation’s dashboard and chart, whatever the call, and refuses users without the query role', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const acme = await create('seed-owner', 'Acme only');
    const chartId = (await call('POST', DASHBOARD_PATHS.charts(acme.id), 'seed-owner', BAR)).json().id as number;
    const demoOwn = await create('seed-demo', 'Demo Payments board');
    for (const [method, url, payload] of [
      ['GET', DASHBOARD_PATHS.dashboard(acme.id), undefined],
      ['PUT', DASHBOARD_PATHS.dashboard(acme.id), { title: 'Mine now' }],
      ['POST', DASHBOARD_PATHS.archive(acme.id), { archived: true }],
      ['DELETE', DASHBOARD_PATHS.dashboard(acme.id), undefined],
      ['GET', DASHBOARD_PATHS.chart(acme.id, chartId), undefined],
      ['POST', DASHBOARD_PATHS.charts(acme.id), BAR],
      ['POST', DASHBOARD_PATHS.copyChart(acme.id, chartId), { target_dashboard_id: demoOwn.id }],
    ] as const) {
      expect((await call(method, url, 'seed-demo', payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor can Acme copy into Demo Payments' dashboard.
    expect(
      (
        await call('POST', DASHBOARD_PATHS.copyChart(acme.id, chartId), 'seed-owner', {
          target_dashboard_id: demoOwn.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      dashboardListSchema
        .parse((await call('GET', DASHBOARD_PATHS.dashboards(), 'seed-demo')).json())
        .dashboards.map((d) => d.id),
    ).not.toContain(acme.id);
    expect((await call('GET', DASHBOARD_PATHS.dashboards(), 'seed-uploader')).statusCode).toBe(403);
  });

  it('refuses a chart outside the schema or one the data cannot answer, naming the field', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const board = await create('seed-analyst', 'Validation');
    const combo = await call('POST', DASHBOARD_PATHS.charts(board.id), 'seed-analyst', { ...BAR, type: 'combo' });
    expect(combo.statusCode).toBe(400);
    expect(JSON.stringify(combo.json().error.issues)).toContain('query.measures');
    const unanswerable = await call('POST', DASHBOARD_PATHS.charts(board.id), 'seed-analyst', {
      ...BAR,
      query: { measures: ['chargebacks'], dimensions: ['decline_code'] },
    });
    expect(unanswerable.statusCode).toBe(400);
  });

  it('lets impersonating support staff view, but change only with support_write; the audit names the signed-in person', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const board = await create('seed-analyst', 'Support visit');
    const readOnly = await impersonationHeaders(app, 'seed-support', 'analyst@acme.example');
    expect((await call('GET', DASHBOARD_PATHS.dashboard(board.id), readOnly)).statusCode).toBe(200);
    expect((await call('POST', DASHBOARD_PATHS.charts(board.id), readOnly, BAR)).statusCode).toBe(403);
    const writer = await impersonationHeaders(app, 'seed-support-lead', 'analyst@acme.example');
    expect((await call('POST', DASHBOARD_PATHS.charts(board.id), writer, BAR)).statusCode).toBe(201);
    const [row] = await db.query<{ user_id: number; signed_in_user_id: number }>(
      "select user_id, signed_in_user_id from dashboard_audit where dashboard_id = $1 and event = 'chart-create'",
      [board.id],
    );
    expect(row!.user_id).not.toBe(row!.signed_in_user_id);
  });
});
