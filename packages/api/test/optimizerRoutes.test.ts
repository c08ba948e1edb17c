// The revenue optimizer API: only revenue_optimizer users reach it; its answers are
// the engine's own for the caller's organisation; saved scenarios are the organisation's (another's
// answer 404), every save and delete is audited, and impersonating support staff read but save nothing
// without support_write. On PGlite and on a real PostgreSQL server.
import type { DuckDBEngine } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  OPTIMIZER_PATHS,
  savedScenarioSchema,
  scenarioDefinitionSchema,
  scenarioListSchema,
  simulationResultSchema,
} from '@payportal/shared/optimizer';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { impersonationHeaders } from './impersonation.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

const TODAY = '2026-10-20';

/** Every number to within 1e-6: DuckDB sums doubles on several threads, in an order that may differ. */
const roughly = (value: unknown): unknown =>
  typeof value === 'number'
    ? expect.closeTo(value, 6)
    : Array.isArray(value)
      ? value.map(roughly)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, roughly(item)]))
        : value;
const SCENARIO = {
  segment: { planTypes: ['blended', 'flat'] },
  actions: { markupBps: 20, perItem: 0.05 },
  toleranceBps: 15,
};

describe.each(DATABASE_KINDS)('revenue optimizer API on %s', (kind) => {
  let stack: AnalyticsTestApp | null;
  let db: Database | null = null;
  let engine: DuckDBEngine;
  let app: FastifyInstance;
  let acmeId: number;
  const as: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-optimizer', 'seed-newcomer', 'seed-analyst', 'seed-owner'], TODAY);
    if (!stack) return;
    ({ db, engine, app } = stack);
    Object.assign(as, stack.as);
    acmeId = (await stack.db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'"))[0]!
      .id;
  });
  afterAll(() => stack?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers, ...(payload && { payload }) });

  it('answers revenue_optimizer users with the engine’s own numbers, and refuses users without the role, owners included', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await call('POST', OPTIMIZER_PATHS.simulate(), as['seed-optimizer']!, SCENARIO);
    expect(response.statusCode, response.body).toBe(200);
    const answer = simulationResultSchema.parse(response.json());
    const asked = await engine.optimize(
      { kind: 'simulate', definition: scenarioDefinitionSchema.parse(SCENARIO) },
      { orgId: acmeId, today: TODAY },
    );
    expect(answer).toEqual(roughly(asked));
    expect(answer.waterfall.grossUplift).toBeGreaterThan(0);
    for (const path of [OPTIMIZER_PATHS.leakage(), OPTIMIZER_PATHS.regulatory(), OPTIMIZER_PATHS.defaults()]) {
      expect((await call('GET', path, as['seed-optimizer']!)).statusCode).toBe(200);
    }
    expect((await call('POST', OPTIMIZER_PATHS.pnl(), as['seed-optimizer']!, { months: 3 })).statusCode).toBe(200);
    for (const uid of ['seed-analyst', 'seed-owner']) {
      const refused = await call('POST', OPTIMIZER_PATHS.simulate(), as[uid]!, SCENARIO);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe(API_ERROR_CODES.forbidden);
    }
  });

  it('refuses a scenario outside the schema with the field named', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await call('POST', OPTIMIZER_PATHS.simulate(), as['seed-optimizer']!, {
      actions: { markupBps: -5 },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error.issues)).toContain('markupBps');
  });

  it('saves named scenarios for the organisation with an audit row, exports their affected merchants, and hides them from another organisation', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await call('POST', OPTIMIZER_PATHS.scenarios(), as['seed-optimizer']!, {
      name: 'Blended +20 bps',
      definition: SCENARIO,
    });
    expect(response.statusCode, response.body).toBe(201);
    const saved = savedScenarioSchema.parse(response.json());
    expect(saved).toMatchObject({ name: 'Blended +20 bps', owner: { name: 'Otto Optimizer' } });
    const [audit] = await db.query<{ event: string; user_id: number; signed_in_user_id: number }>(
      'select event, user_id, signed_in_user_id from optimizer_audit where scenario_id = $1',
      [saved.id],
    );
    expect(audit).toMatchObject({ event: 'save' });
    expect(audit!.user_id).toBe(audit!.signed_in_user_id);

    const list = scenarioListSchema.parse(
      (await call('GET', OPTIMIZER_PATHS.scenarios(), as['seed-optimizer']!)).json(),
    );
    expect(list.scenarios.map((scenario) => scenario.id)).toContain(saved.id);

    const csv = await call('GET', OPTIMIZER_PATHS.scenarioMerchants(saved.id), as['seed-optimizer']!);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const records = parse(csv.body, { columns: true }) as Record<string, string>[];
    const simulated = await engine.optimize(
      { kind: 'simulate', definition: saved.definition },
      { orgId: acmeId, today: TODAY },
    );
    expect(records).toHaveLength(simulated.affected);
    expect(Object.keys(records[0]!)).toContain('Effective rate change (bps)');

    // Demo Payments' optimizer: another organisation's scenario does not exist for them.
    const other = as['seed-newcomer']!;
    expect(
      scenarioListSchema
        .parse((await call('GET', OPTIMIZER_PATHS.scenarios(), other)).json())
        .scenarios.map((scenario) => scenario.id),
    ).not.toContain(saved.id);
    for (const [method, url] of [
      ['GET', OPTIMIZER_PATHS.scenario(saved.id)],
      ['GET', OPTIMIZER_PATHS.scenarioMerchants(saved.id)],
      ['DELETE', OPTIMIZER_PATHS.scenario(saved.id)],
    ] as const) {
      expect((await call(method, url, other)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('DELETE', OPTIMIZER_PATHS.scenario(saved.id), as['seed-optimizer']!)).statusCode).toBe(204);
    const events = await db.query<{ event: string }>(
      'select event from optimizer_audit where scenario_id = $1 order by id',
      [saved.id],
    );
    expect(events.map((row) => row.event)).toEqual(['save', 'delete']);
  });

  it('lets impersonating support staff see scenarios but save none without support_write; with it the save is audited as theirs', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const readOnly = await impersonationHeaders(app, 'seed-support', 'optimizer@acme.example');
    expect((await call('GET', OPTIMIZER_PATHS.scenarios(), readOnly)).statusCode).toBe(200);
    expect((await call('POST', OPTIMIZER_PATHS.simulate(), readOnly, SCENARIO)).statusCode).toBe(200);
    const refused = await call('POST', OPTIMIZER_PATHS.scenarios(), readOnly, {
      name: 'Support try',
      definition: SCENARIO,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(API_ERROR_CODES.impersonationReadOnly);

    const writer = await impersonationHeaders(app, 'seed-support-lead', 'optimizer@acme.example');
    const saved = await call('POST', OPTIMIZER_PATHS.scenarios(), writer, {
      name: 'Support lead',
      definition: SCENARIO,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const [audit] = await db.query<{ acting: string; signed_in: string }>(
      `select a.email as acting, s.email as signed_in from optimizer_audit o join users a on a.id = o.user_id join users s on s.id = o.signed_in_user_id where o.scenario_id = $1`,
      [savedScenarioSchema.parse(saved.json()).id],
    );
    expect(audit).toEqual({ acting: 'optimizer@acme.example', signed_in: 'support-lead@payportal.example' });
  });
});
