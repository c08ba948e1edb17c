// Residuals (README "Residuals") on DuckDB and a real ClickHouse 18.16 with the same rows: the issue's
// worked example planted exactly as a merchant-month of its own organisation; on the SF 0.1 dataset,
// every statement line adds up to the cent, the portfolio totals equal hand-written SQL, both engines
// give the same statements, splits switch at their expiry, and a scoped caller reads only its own.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import { copyFromDuckDB } from '../src/clickhouse/copyFromDuckDB.ts';
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import type { AnalyticsEngine } from '../src/engine.ts';
import {
  ResidualsMonthOpenError,
  type NodeStatement,
  type PortfolioSummary,
} from '../src/residuals/residualsQuestion.ts';
import { statementOf, subtreeLines } from '../src/residuals/statementOf.ts';
import { createTestDatabase, type TestDatabase } from './createTestDatabase.ts';
import { openCachedEngine } from './datasetCache.ts';
import { handWrittenResidualTotals } from './residualsHandComputation.ts';
import { plantWorkedExample, WORKED_EXAMPLE } from './residualsWorkedExample.ts';

const ORG = 1;
const endMonth = '2026-10-01';
const scope = { orgId: ORG, today: '2026-10-20' };
/** A month on the house's first schedule and one on its second (repriced 6 months in). */
const MONTHS = ['2026-01', '2026-06'];

let duckdb: DuckDBEngine;
let clickhouse: ClickHouseEngine;
let database: TestDatabase;
let engines: [string, AnalyticsEngine][];

beforeAll(async () => {
  database = await createTestDatabase();
  // the cross-engine test's datasets, so the cached file is shared
  const datasets = [
    { orgId: ORG, scaleFactor: 0.1, endMonth },
    { orgId: 2, scaleFactor: 0.01, endMonth },
  ];
  duckdb = await openCachedEngine(datasets, { cacheEntries: 0 });
  await duckdb.withConnection((connection) => plantWorkedExample(connection, ORG));
  await duckdb.withConnection((connection) =>
    copyFromDuckDB(connection, database.client, { orgIds: [ORG, WORKED_EXAMPLE.orgId] }),
  );
  clickhouse = await ClickHouseEngine.connect({
    url: inject('clickhouseUrl'),
    database: database.name,
    cacheEntries: 0,
  });
  engines = [
    ['duckdb', duckdb],
    ['clickhouse', clickhouse],
  ];
});
afterAll(async () => {
  await clickhouse?.close();
  await duckdb?.close();
  await database?.drop();
});

const nodeCodes = async (engine: DuckDBEngine, kind: string) =>
  engine.withConnection(async (c) =>
    (await c.runAndReadAll(`select code from portfolio_nodes where org_id = ${ORG} and kind = '${kind}' order by code`))
      .getRows()
      .map((row) => String(row[0])),
  );

describe.each(['duckdb', 'clickhouse'])('on %s', (name) => {
  const engine = () => engines.find(([engineName]) => engineName === name)![1];

  it('pays the worked example: $100,000 and 1,000 authorisations under 2 bps + $0.05 + $3.00 cost $73.00; $500.00 net at 60 % pays $300.00', async () => {
    const worked = { orgId: WORKED_EXAMPLE.orgId, today: '2026-10-20' };
    const statement = await engine().residuals(
      { kind: 'statement', month: WORKED_EXAMPLE.month, node: WORKED_EXAMPLE.agentCode },
      worked,
    );
    expect(statement?.lines).toEqual([
      expect.objectContaining({
        mid: WORKED_EXAMPLE.mid,
        sales: 1000,
        volume: 100_000,
        income: 2000,
        interchange: 1200,
        schemeFees: 227,
        scheduleA: 73,
        net: 500,
        sharePct: 60,
        payout: 300,
        house: 200,
      }),
    ]);
    expect(statement?.totals.total).toBe(300);
    const summary = await engine().residuals({ kind: 'portfolio', month: WORKED_EXAMPLE.month }, worked);
    expect(summary).toMatchObject({ scheduleA: 73, net: 500, payouts: { agents: 300, subIsos: 0 }, house: 200 });
  });

  it.each(MONTHS)(
    'adds every line of %s up to the cent: income − pass-through − Schedule A = net, payouts + house = net',
    async (month) => {
      const statements = (await Promise.all(
        (await nodeCodes(duckdb, 'sub_iso')).map((node) =>
          engine().residuals({ kind: 'statement', month, node }, scope),
        ),
      )) as NodeStatement[];
      const lines = statements.flatMap((statement) => statement.lines);
      expect(lines.length).toBeGreaterThan(20);
      const cents = (value: number) => Math.round(value * 100);
      for (const line of lines) {
        expect(
          cents(line.income) - cents(line.interchange) - cents(line.schemeFees) - cents(line.scheduleA),
          line.mid,
        ).toBe(cents(line.net));
        expect(cents(line.agentPayout) + cents(line.subIsoPayout) + cents(line.house), line.mid).toBe(cents(line.net));
        for (const value of Object.values(line))
          if (typeof value === 'number') expect(Math.abs(value * 100 - cents(value))).toBeLessThan(1e-6);
      }
    },
  );

  it.each(MONTHS)('totals the portfolio of %s as hand-written SQL does', async (month) => {
    const summary = (await engine().residuals({ kind: 'portfolio', month }, scope)) as PortfolioSummary;
    const expected = await duckdb.withConnection((connection) =>
      handWrittenResidualTotals(connection, ORG, `${month}-01`),
    );
    expect(summary).toEqual({ month, ...expected });
    expect(summary.net).toBeGreaterThan(0);
  });

  it('refuses the running month and answers a scoped caller only with its own statements', async () => {
    await expect(engine().residuals({ kind: 'portfolio', month: '2026-10' }, scope)).rejects.toBeInstanceOf(
      ResidualsMonthOpenError,
    );
    const [subIso] = await nodeCodes(duckdb, 'sub_iso');
    const agents = await nodeCodes(duckdb, 'agent');
    const own = (await engine().residuals({ kind: 'statement', month: '2026-06', node: subIso! }, scope))!;
    const [agent, other] = [
      own.children[0]!.code,
      agents.find((code) => !own.children.some((child) => child.code === code))!,
    ];
    const subIsoScope = { ...scope, node: subIso! };
    const agentScope = { ...scope, node: agent };
    expect(await engine().residuals({ kind: 'portfolio', month: '2026-06' }, agentScope)).toBeNull();
    expect(await engine().residuals({ kind: 'statement', month: '2026-06', node: other }, agentScope)).toBeNull();
    expect(await engine().residuals({ kind: 'statement', month: '2026-06', node: subIso! }, agentScope)).toBeNull();
    expect(await engine().residuals({ kind: 'statement', month: '2026-06', node: other }, subIsoScope)).toBeNull();
    const agentStatement = await engine().residuals({ kind: 'statement', month: '2026-06', node: agent }, subIsoScope);
    expect(agentStatement).toEqual(
      await engine().residuals({ kind: 'statement', month: '2026-06', node: agent }, agentScope),
    );
    expect(agentStatement!.totals.total).toBe(own.children[0]!.total);
    expect(agentStatement!.lines.every((line) => line.agentCode === agent)).toBe(true);
  });
});

it('gives the same summaries and sub-ISO statements (every booked merchant’s line) on both engines', async () => {
  const questions = [
    ...MONTHS.map((month) => ({ kind: 'portfolio', month }) as const),
    ...(await nodeCodes(duckdb, 'sub_iso')).flatMap((node) =>
      MONTHS.map((month) => ({ kind: 'statement', month, node }) as const),
    ),
  ];
  const [fromDuckdb, fromClickhouse] = await Promise.all(
    [duckdb, clickhouse].map((engine) => Promise.all(questions.map((question) => engine.residuals(question, scope)))),
  );
  expect(fromClickhouse).toEqual(fromDuckdb);
  expect(fromDuckdb!.every((answer) => answer !== null)).toBe(true);
});

describe.each(['duckdb', 'clickhouse'])('on %s', (name) => {
  it('answers the whole month for closing: every statement’s lines, the totals of the portfolio, the versions in force', async () => {
    const engine = engines.find(([engineName]) => engineName === name)![1];
    const month = (await engine.residuals({ kind: 'month', month: '2026-06' }, scope))!;
    const summary = (await engine.residuals({ kind: 'portfolio', month: '2026-06' }, scope))!;
    const cents = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
    expect(month.lines.length).toBe(summary.merchants);
    expect(cents(month.lines.map((line) => line.net))).toBe(summary.net);
    expect(cents(month.lines.map((line) => line.agentPayout))).toBe(summary.payouts.agents);
    const [subIso] = await nodeCodes(duckdb, 'sub_iso');
    const statement = (await engine.residuals({ kind: 'statement', month: '2026-06', node: subIso! }, scope))!;
    expect(
      statementOf('2026-06', month.nodes, subtreeLines(month.lines, subIso!), month.adjustments, subIso!, undefined),
    ).toEqual(statement);
    // the house's second schedule (6 months in) is the one in force in June; every agent has a split
    expect(month.schedules.filter((row) => row.nodeCode === null).map((row) => row.effectiveFrom)).toEqual(
      Array(4).fill(month.schedules.find((row) => row.nodeCode === null)!.effectiveFrom),
    );
    expect(month.schedules.find((row) => row.nodeCode === null)!.effectiveFrom > '2026-01-01').toBe(true);
    expect(new Set(month.splits.map((row) => row.nodeCode))).toEqual(new Set(month.nodes.map((node) => node.code)));
    expect(await engine.residuals({ kind: 'month', month: '2026-06' }, { ...scope, node: subIso! })).toBeNull();
  });

  it('switches a split to its after-expiry share from the month of expires_on', async () => {
    const engine = engines.find(([engineName]) => engineName === name)![1];
    const worked = { orgId: WORKED_EXAMPLE.orgId, today: '2026-10-20' };
    const payout = async (month: string) =>
      (await engine.residuals({ kind: 'statement', month, node: WORKED_EXAMPLE.agentCode }, worked))!.lines.map(
        (line) => [line.sharePct, line.payout],
      );
    expect(await payout(WORKED_EXAMPLE.month)).toEqual([[60, 300]]);
    expect(await payout(WORKED_EXAMPLE.expiredMonth)).toEqual([[50, 250]]);
  });
});
