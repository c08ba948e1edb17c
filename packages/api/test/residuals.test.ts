// Residuals through the API (README "Residuals") on PGlite and a small DuckDB dataset: the
// issue's worked example; every statement line adds up to the cent and the portfolio equals the engine's
// own summary; a scoped agent reads only its statement (another's 404) and an unscoped analyst none;
// closing freezes the month (the closed statement equals the live one), a new version of an upload
// touching the month leaves it as it was and lists the change; the 400 and 409 refusals change nothing.
import { scenarioPayouts, type PortfolioSummary } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  OPTIMIZER_PATHS,
  SIZE_TIERS,
  scenarioDefinitionSchema,
  scenarioPayoutsSchema,
} from '@payportal/shared/optimizer';
import {
  RESIDUAL_PATHS,
  residualChangesSchema,
  residualMerchantsSchema,
  residualRunSchema,
  residualStatementsSchema,
} from '@payportal/shared/residuals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantWorkedExample, WORKED_EXAMPLE } from '../../analytics/test/residualsWorkedExample.ts';
import { DEMO_AGENT_NODE } from '../src/seed/demoAccounts.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { header, uploadFile, waitForUpload } from './uploadHelpers.ts';

const TODAY = '2026-10-20';
const MONTH = '2026-06';
const cents = (dollars: number) => Math.round(dollars * 100);

describe('residuals API on PGlite and DuckDB', () => {
  let stack: AnalyticsTestApp;
  let acmeId: number;
  const as = (uid: string) => stack.as[uid]!;
  const get = (url: string, uid: string) => stack.app.inject({ url, headers: as(uid) });
  const close = (month: string, uid = 'seed-uploader') =>
    stack.app.inject({ method: 'POST', url: RESIDUAL_PATHS.runs(), headers: as(uid), payload: { month } });
  const runCount = async () =>
    Number((await stack.db.query<{ n: number }>('select count(*) as n from residual_runs'))[0]!.n);

  async function statements(month: string, uid: string, node?: string) {
    const response = await get(RESIDUAL_PATHS.statements(month, node), uid);
    expect(response.statusCode, response.body).toBe(200);
    return residualStatementsSchema.parse(response.json());
  }
  async function merchants(node: string, month: string, uid: string) {
    const response = await get(RESIDUAL_PATHS.merchants(node, month), uid);
    expect(response.statusCode, response.body).toBe(200);
    return residualMerchantsSchema.parse(response.json());
  }

  beforeAll(async () => {
    stack = (await openAnalyticsTestApp(
      'pglite',
      ['seed-owner', 'seed-agent', 'seed-analyst', 'seed-uploader', 'seed-upload-admin', 'seed-demo'],
      TODAY,
    ))!;
    [{ id: acmeId }] = (await stack.db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
    // The seeded uploader is this file's residuals admin (its own database).
    await stack.db.query(
      "insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.firebase_uid = 'seed-uploader' and r.name = 'residuals_admin'",
    );
    // The worked example is an organisation of its own: the demo organisation's owner moves there.
    await stack.engine.withConnection((connection) => plantWorkedExample(connection, acmeId));
    await stack.db.query('insert into organizations (id, name) values ($1, $2)', [
      WORKED_EXAMPLE.orgId,
      'Worked Example Acquiring',
    ]);
    await stack.db.query("update users set org_id = $1 where firebase_uid = 'seed-demo'", [WORKED_EXAMPLE.orgId]);
    await stack.db.query(
      "insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.firebase_uid = 'seed-demo' and r.name = 'revenue_optimizer' on conflict do nothing",
    );
  });
  afterAll(() => stack?.close());

  it('pays the worked example: $100,000 and 1,000 authorisations under 2 bps + $0.05 + $3.00 cost $73.00; $500.00 net at 60 % pays $300.00', async () => {
    const statement = await merchants(WORKED_EXAMPLE.agentCode, WORKED_EXAMPLE.month, 'seed-demo');
    expect(statement.lines).toEqual([
      {
        mid: WORKED_EXAMPLE.mid,
        name: expect.any(String),
        agent_code: WORKED_EXAMPLE.agentCode,
        sales: 1000,
        volume: 100_000,
        income: 2000,
        interchange: 1200,
        scheme_fees: 227,
        schedule_a: 73,
        net: 500,
        share_pct: 60,
        payout: 300,
      },
    ]);
    expect(statement.totals).toMatchObject({ schedule_a: 73, net: 500, payouts: 300, total: 300 });
    const portfolio = await statements(WORKED_EXAMPLE.month, 'seed-demo');
    expect(portfolio.levels).toEqual({ agents: 300, sub_isos: 0, house: 200 });
    expect(portfolio.children.map((child) => [child.code, child.totals.total])).toEqual([
      [WORKED_EXAMPLE.agentCode, 300],
    ]);
  });

  it('prices a scenario’s payouts by level as the residual calculation does: +10 bps on the worked example with 10 % → 20 % attrition', async () => {
    // The worked example's two months (June at 60 %, July at the expired split's 50 %): $1,000.00 net, the
    // agent $550.00. $200,000 × 10 bps = $200.00 more income and net; the agent's share in force, 50 %, of
    // it. Expected for 1 − h/2 of the year: net 1,200 × 0.9 − 1,000 × 0.95 = 130.00, the agent
    // 650 × 0.9 − 550 × 0.95 = 62.50, the house the rest.
    const response = await stack.app.inject({
      method: 'POST',
      url: OPTIMIZER_PATHS.simulatePayouts(),
      headers: as('seed-demo'),
      payload: {
        actions: { markupBps: 10 },
        attrition: SIZE_TIERS.map((sizeTier) => ({ sizeTier, baseHazard: 0.1, beta: 0.01 })),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(scenarioPayoutsSchema.parse(response.json())).toEqual({
      period: ['2025-10-01', '2026-09-30'],
      change: { net: 130, agents: 62.5, subIsos: 0, house: 67.5 },
    });
  });

  it('works out no payouts for a caller who has gone (a slider moved on): the question stops before its months', async () => {
    const gone = new AbortController();
    gone.abort();
    const definition = scenarioDefinitionSchema.parse({
      actions: { markupBps: 10 },
      attrition: SIZE_TIERS.map((sizeTier) => ({ sizeTier, baseHazard: 0.1, beta: 0.01 })),
    });
    const scope = { orgId: WORKED_EXAMPLE.orgId, today: TODAY };
    await expect(scenarioPayouts(stack.engine, definition, scope, { signal: gone.signal })).rejects.toThrow(/abort/i);
    // the same question with its caller still there is answered
    expect((await scenarioPayouts(stack.engine, definition, scope)).change?.net).toBe(130);
  });

  it('adds every statement line up to the cent and totals the portfolio as the engine does', async () => {
    const portfolio = await statements(MONTH, 'seed-uploader');
    const summary = (await stack.engine.residuals(
      { kind: 'portfolio', month: MONTH },
      { orgId: acmeId, today: TODAY },
    )) as PortfolioSummary;
    expect(portfolio.node).toBeNull();
    expect(portfolio.totals).toMatchObject({
      merchants: summary.merchants,
      sales: summary.sales,
      volume: summary.volume,
      income: summary.income,
      pass_through: summary.passThrough,
      schedule_a: summary.scheduleA,
      net: summary.net,
    });
    expect(portfolio.levels).toEqual({
      agents: (cents(summary.payouts.agents) + cents(summary.adjustments.agents)) / 100,
      sub_isos: (cents(summary.payouts.subIsos) + cents(summary.adjustments.subIsos)) / 100,
      house: summary.house,
    });
    const levels = portfolio.levels!;
    expect(cents(levels.agents) + cents(levels.sub_isos) + cents(levels.house)).toBe(cents(portfolio.totals.net));
    expect(portfolio.children.length).toBeGreaterThan(1);
    let lines = 0;
    for (const child of portfolio.children) {
      const statement = await merchants(child.code, MONTH, 'seed-uploader');
      expect(statement.totals, child.code).toEqual(child.totals);
      for (const line of statement.lines) {
        expect(
          cents(line.income) - cents(line.interchange) - cents(line.scheme_fees) - cents(line.schedule_a),
          line.mid,
        ).toBe(cents(line.net));
      }
      expect(cents(statement.totals.payouts)).toBe(statement.lines.reduce((sum, line) => sum + cents(line.payout), 0));
      lines += statement.lines.length;
    }
    expect(lines).toBeGreaterThan(20);
  });

  it('shows a scoped agent its own statement only: another agent’s and its sub-ISO’s are 404; an unscoped analyst is refused', async () => {
    const own = await statements(MONTH, 'seed-agent');
    expect(own.node).toMatchObject({ code: DEMO_AGENT_NODE, kind: 'agent' });
    expect(own.levels).toBeNull();
    const book = await merchants(DEMO_AGENT_NODE, MONTH, 'seed-agent');
    expect(book.lines.length).toBeGreaterThan(0);
    expect(book.lines.every((line) => line.agent_code === DEMO_AGENT_NODE)).toBe(true);
    expect(book).toEqual(await merchants(DEMO_AGENT_NODE, MONTH, 'seed-owner'));

    const portfolio = await statements(MONTH, 'seed-owner');
    const subIso = portfolio.children.find((child) => child.code === own.node!.parent_code)!;
    const other = portfolio.children.find((child) => child.code !== subIso.code)!;
    for (const url of [
      RESIDUAL_PATHS.merchants(other.code, MONTH),
      RESIDUAL_PATHS.statements(MONTH, subIso.code),
      RESIDUAL_PATHS.merchants('NO-SUCH-NODE', MONTH),
    ]) {
      const refused = await get(url, 'seed-agent');
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error.code).toBe(API_ERROR_CODES.residualsNotFound);
    }
    const analyst = await get(RESIDUAL_PATHS.statements(MONTH), 'seed-analyst');
    expect(analyst.statusCode).toBe(403);
    expect((await close(MONTH, 'seed-owner')).statusCode).toBe(403);
  });

  it('refuses the running and a later month with 400 residuals/month-open, writing nothing', async () => {
    for (const month of ['2026-10', '2027-01']) {
      for (const response of [await get(RESIDUAL_PATHS.statements(month), 'seed-uploader'), await close(month)]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.code).toBe(API_ERROR_CODES.residualsMonthOpen);
      }
    }
    expect(await runCount()).toBe(0);
    expect((await get(RESIDUAL_PATHS.changes('2026-05'), 'seed-uploader')).statusCode).toBe(404);
  });

  // Two uploads loaded and a month closed twice: longer than the default 20 s on a busy machine (7 s alone,
  // over 20 s beside another file at a load of 12).
  it(
    'closes a month: frozen as computed, a second close 409; a new version of an upload touching it leaves the statement and lists the change',
    { timeout: 120_000 },
    async () => {
      const month = '2026-05';
      const [line] = (await merchants(DEMO_AGENT_NODE, month, 'seed-uploader')).lines;
      const sale = (amount: string) =>
        [
          header('transactions'),
          `R46-1,${line!.mid},${month}-12T12:00:00Z,${amount},USD,visa,credit,chip,approved,`,
          '',
        ].join('\n');
      const uploader = as('seed-upload-admin');
      const first = await uploadFile(stack.app, uploader, { kind: 'transactions' }, sale('250.00'));
      expect(await waitForUpload(stack.app, uploader, first, ['done', 'failed'])).toMatchObject({ status: 'done' });
      const live = await merchants(DEMO_AGENT_NODE, month, 'seed-uploader');
      const livePortfolio = await statements(month, 'seed-uploader');
      expect(live.closing).toBeNull();

      const closed = await close(month);
      expect(closed.statusCode, closed.body).toBe(201);
      const run = residualRunSchema.parse(closed.json());
      expect(run).toMatchObject({ month, merchants: livePortfolio.totals.merchants, net: livePortfolio.totals.net });
      expect(run.schedule_versions).toBeGreaterThan(0);
      expect(run.split_versions).toBeGreaterThan(0);
      const again = await close(month);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe(API_ERROR_CODES.residualsMonthClosed);
      expect(await runCount()).toBe(1);

      const frozen = await merchants(DEMO_AGENT_NODE, month, 'seed-uploader');
      expect(frozen.closing).toMatchObject({ run_id: run.run_id, closed_by: expect.any(String) });
      expect({ ...frozen, closing: null }).toEqual(live);
      expect({ ...(await statements(month, 'seed-uploader')), closing: null }).toEqual(livePortfolio);
      expect((await statements(month, 'seed-agent')).closing?.run_id).toBe(run.run_id);
      const unchanged = residualChangesSchema.parse((await get(RESIDUAL_PATHS.changes(month), 'seed-uploader')).json());
      expect(unchanged.changes).toEqual([]);

      const second = await uploadFile(
        stack.app,
        uploader,
        { kind: 'transactions', mode: 'new_version', version_of: String(first) },
        sale('900.00'),
      );
      expect(await waitForUpload(stack.app, uploader, second, ['done', 'failed'])).toMatchObject({ status: 'done' });
      expect({ ...(await merchants(DEMO_AGENT_NODE, month, 'seed-uploader')), closing: null }).toEqual(live);
      const changes = residualChangesSchema.parse((await get(RESIDUAL_PATHS.changes(month), 'seed-owner')).json());
      const frozenLine = live.lines.find((row) => row.mid === line!.mid)!;
      expect(changes.changes.map((change) => change.mid)).toEqual([line!.mid]);
      expect(changes.changes[0]!.fields).toContainEqual({
        field: 'volume',
        closed: frozenLine.volume,
        now: expect.any(Number),
      });
      const volume = changes.changes[0]!.fields.find((field) => field.field === 'volume')!;
      expect(cents(volume.now!) - cents(volume.closed!)).toBe(cents(650));
      expect((await get(RESIDUAL_PATHS.changes(month), 'seed-agent')).statusCode).toBe(403);
    },
  );

  it('lists an adjustment added to a closed month since closing, and leaves the closed statement as it was', async () => {
    const month = '2026-04';
    const before = await merchants(DEMO_AGENT_NODE, month, 'seed-uploader');
    expect((await close(month)).statusCode).toBe(201);
    await stack.engine.withConnection((connection) =>
      connection.run(
        `insert into residual_adjustments (org_id, month, node_id, mid, kind, amount, memo, upload_id)
          select org_id, date '${month}-01', node_id, null, 'income', 12.34, 'Late signing bonus', null
          from portfolio_nodes where org_id = ${acmeId} and code = '${DEMO_AGENT_NODE}'`,
      ),
    );
    expect({ ...(await merchants(DEMO_AGENT_NODE, month, 'seed-uploader')), closing: null }).toEqual(before);
    const changes = residualChangesSchema.parse((await get(RESIDUAL_PATHS.changes(month), 'seed-uploader')).json());
    expect(changes.changes).toEqual([]);
    expect(changes.adjustments).toEqual([
      {
        node_code: DEMO_AGENT_NODE,
        mid: null,
        kind: 'income',
        amount: 12.34,
        memo: 'Late signing bonus',
        change: 'added',
      },
    ]);
  });
});
