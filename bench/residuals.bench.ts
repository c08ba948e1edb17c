// bench:residuals: residual statements at a scale factor of your choice (`npm run bench:residuals -- --sf 1`;
// BENCH_SF also works; the target scale is 10, heavy on a shared machine), in DuckDB and in a
// private ClickHouse 18.16 server with the same rows: the timings (p50 of BENCH_RUNS, 7) of the last
// complete month's portfolio summary and of the statement of the agent with the largest book (every line
// of the month checked to add up to the cent first), each
// beside, in the same run, the hand-written SQL of the portfolio totals (DuckDB, test/residualsHandComputation.ts,
// whose totals both engines must equal) and a plain sum of the month's rollup rows per merchant (both
// engines: the floor any statement stands on), and closing the month (the engine's whole month, frozen in
// an in-memory PGlite migrated as the API's, as POST runs does). Targets (at SF 10): portfolio
// ≤ 500 ms, one agent ≤ 200 ms, closing ≤ 5 s on each engine; the exit code is 1 when a total differs or
// a target is missed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayBefore, ClickHouseEngine, type AnalyticsEngine, type ResidualLine } from '@payportal/analytics';
import { copyFromDuckDB } from '../packages/analytics/src/clickhouse/copyFromDuckDB.ts';
import { createClickHouseClient } from '../packages/analytics/src/clickhouse/createClickHouseClient.ts';
import { queryRows } from '../packages/analytics/src/clickhouse/runClickHouseQuery.ts';
import { handWrittenResidualTotals } from '../packages/analytics/test/residualsHandComputation.ts';
import { findClickHouseServer, startClickHouse } from '../packages/analytics/test/startClickHouse.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { openPgliteDatabase } from '../packages/api/src/db/pgliteDatabase.ts';
import type { Database } from '../packages/api/src/db/database.ts';
import { insertRun } from '../packages/api/src/residuals/residualRunRepository.ts';
import { openBenchDataset } from './benchDataset.ts';
import { recordResult } from './recordResult.ts';

const flagAt = process.argv.indexOf('--sf');
const SF = Number(flagAt > 0 ? process.argv[flagAt + 1] : (process.env.BENCH_SF ?? 10));
if (!(SF > 0)) throw new Error(`Expected --sf N with N > 0, received ${process.argv[flagAt + 1]}`);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ORG = 1;
const TODAY = new Date().toISOString().slice(0, 10);
const LAST_DAY = dayBefore(TODAY);
const MONTH = new Date(Date.UTC(Number(TODAY.slice(0, 4)), Number(TODAY.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
const scope = { orgId: ORG, today: TODAY };
const progress = (line: string) => process.stderr.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const problems: string[] = [];
const CLOSE_RUNS = Math.min(RUNS, 3);

async function p50(work: () => Promise<unknown>): Promise<number> {
  await work(); // warm
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

const rollupMonthSql = (month: string, monthFunction: string) =>
  `select merchant_id, sum(gsv), sum(billed_fees), sum(interchange), sum(scheme_fees), sum(attempts) from merchant_daily
   where org_id = ${ORG} and ${monthFunction} = '${month}-01' group by merchant_id`;

/** A database as the API's, with the organisation and a closer: what closing writes into. */
async function closingDatabase(): Promise<{
  db: Database;
  actor: { orgId: number; userId: number; signedInUserId: number };
}> {
  const db = await openPgliteDatabase();
  await migrate(db);
  await db.query("insert into organizations (id, name) values ($1, 'Bench Acquiring')", [ORG]);
  const [user] = await db.query<{ id: number }>(
    "insert into users (email, firebase_uid, name, org_id) values ('closer@bench.example', 'bench-closer', 'Closer', $1) returning id",
    [ORG],
  );
  return { db, actor: { orgId: ORG, userId: user!.id, signedInUserId: user!.id } };
}

/** Closing the month as POST runs does (the whole month from the engine, frozen), undone after each run. */
async function closeTime(engine: AnalyticsEngine): Promise<number> {
  const { db, actor } = await closingDatabase();
  try {
    const times: number[] = [];
    for (let run = 0; run < CLOSE_RUNS; run++) {
      const started = performance.now();
      const month = await engine.residuals({ kind: 'month', month: MONTH }, scope);
      await insertRun(db, actor, month!);
      times.push(performance.now() - started);
      await db.query('delete from residual_run_lines');
      await db.query('delete from residual_runs');
    }
    return median(times);
  } finally {
    await db.close();
  }
}

/** The mids of lines where income − interchange − scheme fees − Schedule A ≠ net, or payouts + house ≠ net, in cents. */
function linesOutOfBalance(lines: ResidualLine[]): string[] {
  const cents = (dollars: number) => Math.round(dollars * 100);
  return lines
    .filter(
      (line) =>
        cents(line.income) - cents(line.interchange) - cents(line.schemeFees) - cents(line.scheduleA) !==
          cents(line.net) || cents(line.agentPayout) + cents(line.subIsoPayout) + cents(line.house) !== cents(line.net),
    )
    .map((line) => line.mid);
}

async function check(
  name: string,
  engine: AnalyticsEngine,
  agent: string,
  expected: unknown,
  baseline: () => Promise<unknown>,
): Promise<string> {
  const summary = await engine.residuals({ kind: 'portfolio', month: MONTH }, scope);
  if (JSON.stringify(summary) !== JSON.stringify(expected))
    problems.push(`${name} totals ${JSON.stringify(summary)} differ from the hand-written ${JSON.stringify(expected)}`);
  const unbalanced = linesOutOfBalance((await engine.residuals({ kind: 'month', month: MONTH }, scope))!.lines);
  if (unbalanced.length) problems.push(`${name} lines that do not add up to the cent: ${unbalanced.join(', ')}`);
  const portfolio = await p50(() => engine.residuals({ kind: 'portfolio', month: MONTH }, scope));
  const statement = await p50(() => engine.residuals({ kind: 'statement', month: MONTH, node: agent }, scope));
  const floor = await p50(baseline);
  const closing = await closeTime(engine);
  if (portfolio > 500) problems.push(`${name} portfolio ${portfolio.toFixed(0)} ms > 500 ms`);
  if (statement > 200) problems.push(`${name} agent statement ${statement.toFixed(0)} ms > 200 ms`);
  if (closing > 5000) problems.push(`${name} closing ${closing.toFixed(0)} ms > 5000 ms`);
  return `${name}: portfolio ${portfolio.toFixed(0)} ms, agent ${agent} ${statement.toFixed(0)} ms, closing the month ${closing.toFixed(0)} ms (p50 of ${CLOSE_RUNS}), beside the month's rollup per merchant ${floor.toFixed(0)} ms`;
}

const folder = mkdtempSync(join(tmpdir(), 'payportal-bench-residuals-'));
const dataset = await openBenchDataset(join(folder, 'residuals.duckdb'), {
  orgId: ORG,
  scaleFactor: SF,
  lastDay: LAST_DAY,
});
const duckdb = dataset.engine;
const figures: string[] = [];
try {
  progress(`SF ${SF} ${dataset.origin} in ${dataset.seconds.toFixed(1)} s`);
  const [agent] = await duckdb.withConnection(async (c) =>
    (
      await c.runAndReadAll(`select agent_code from merchant_dim where org_id = ${ORG} and agent_code is not null
        group by agent_code order by count(*) desc, agent_code limit 1`)
    )
      .getRows()
      .map((row) => String(row[0])),
  );
  const expected = {
    month: MONTH,
    ...(await duckdb.withConnection((connection) => handWrittenResidualTotals(connection, ORG, `${MONTH}-01`))),
  };
  const handWritten = await p50(() =>
    duckdb.withConnection((connection) => handWrittenResidualTotals(connection, ORG, `${MONTH}-01`)),
  );
  figures.push(`DuckDB hand-written portfolio totals ${handWritten.toFixed(0)} ms`);
  figures.push(
    await check('DuckDB', duckdb, agent!, expected, () =>
      duckdb.withConnection((c) => c.runAndReadAll(rollupMonthSql(MONTH, "date_trunc('month', day)"))),
    ),
  );
  if (!findClickHouseServer()) figures.push('ClickHouse: skipped (clickhouse-server is not installed)');
  else {
    const server = await startClickHouse();
    const client = createClickHouseClient({ url: server.url });
    const clickhouse = await ClickHouseEngine.connect({ url: server.url, cacheEntries: 0 });
    try {
      await duckdb.withConnection((connection) => copyFromDuckDB(connection, client, { orgIds: [ORG] }));
      figures.push(
        await check('ClickHouse', clickhouse, agent!, expected, () =>
          queryRows(client, rollupMonthSql(MONTH, 'toStartOfMonth(day)')),
        ),
      );
    } finally {
      await clickhouse.close();
      await client.close();
      await server.stop();
    }
  }
} finally {
  await duckdb.close();
  rmSync(folder, { recursive: true, force: true });
}

for (const line of figures) progress(line);
for (const problem of problems) progress(`MISSED ${problem}`);
recordResult({
  bench: 'residuals',
  figures: `SF ${SF}, ${MONTH}, p50 of ${RUNS}: ${figures.join('; ')}`,
  targets: {
    'totals equal the hand-written SQL, every line adds up to the cent': problems.every((p) => p.includes(' ms')),
    'timings within target': !problems.some((p) => p.includes(' ms')),
  },
});
process.exitCode = problems.length ? 1 : 0;
