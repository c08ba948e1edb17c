// bench:disputes: the dispute events at a scale factor of your choice (`npm run bench:disputes -- --sf 1`;
// BENCH_SF also works; the target scale is 10, heavy on a shared machine), in DuckDB and in a
// private ClickHouse 18.16 server: every rule of GENERATOR.md "Dispute events" by hand-written SQL on
// both engines, the decided mix within ±3 points of 33/47/20, every reason's fought win rate at least its
// catalogue win rate, and the timings (p50 of BENCH_RUNS, 7) of a 50-row "Needs response" page and of the
// fought win rate by reason over the 13 months, each as the portal asks it (the engine's queue question,
// the catalogue's `dispute_win_rate_fought` through the compiler) beside its hand-written SQL and a plain
// count of the events as the same-run baseline. The framed /disputes page is not timed here.
// Targets: queue page ≤ 150 ms, win rate by reason ≤ 300 ms on both engines, the portal's
// way; the exit code is 1 when a rule or a target is missed. BENCH_CLICKHOUSE=0 leaves ClickHouse out
// (copying SF 10 into it takes most of an hour on a busy 2-core machine).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBEngine } from '@payportal/analytics';
import { ClickHouseEngine, dayBefore } from '@payportal/analytics';
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { copyFromDuckDB } from '../packages/analytics/src/clickhouse/copyFromDuckDB.ts';
import { createClickHouseClient } from '../packages/analytics/src/clickhouse/createClickHouseClient.ts';
import { queryRows } from '../packages/analytics/src/clickhouse/runClickHouseQuery.ts';
import { datasetWindowTo } from '../packages/analytics/src/generator/generateDataset.ts';
import {
  CLICKHOUSE_RULES,
  disputeEventRules,
  DUCKDB_RULES,
  needsResponsePage,
  winRatesByReason,
  type RuleDialect,
} from '../packages/analytics/test/disputeEventRules.ts';
import { findClickHouseServer, startClickHouse } from '../packages/analytics/test/startClickHouse.ts';
import { loadAverage } from './benchSupport.ts';
import { openBenchDataset } from './benchDataset.ts';
import { recordResult } from './recordResult.ts';

const flagAt = process.argv.indexOf('--sf');
const SF = Number(flagAt > 0 ? process.argv[flagAt + 1] : (process.env.BENCH_SF ?? 10));
if (!(SF > 0)) throw new Error(`Expected --sf N with N > 0, received ${process.argv[flagAt + 1]}`);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ORG = 1;
const LAST_DAY = dayBefore(new Date().toISOString().slice(0, 10));
const { windowStart } = datasetWindowTo(LAST_DAY);
const progress = (line: string) => process.stderr.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const problems: string[] = [];
const loadAtStart = loadAverage();

type Ask = (sql: string) => Promise<number[][]>;

async function timed(work: () => Promise<unknown>): Promise<number> {
  await work(); // warm
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}
const p50 = (ask: Ask, sql: string) => timed(() => ask(sql));

/** The portal's own questions: a 50-row "Needs response" page and the catalogue's fought win rate by reason. */
async function portalWays(engine: DuckDBEngine | ClickHouseEngine): Promise<{ page: number; rates: number }> {
  const scope = { orgId: ORG, today: new Date().toISOString().slice(0, 10) };
  const page = await timed(() =>
    engine.disputes(
      {
        kind: 'queue',
        tab: 'needs_response',
        sort: 'due_date',
        order: 'asc',
        limit: 50,
        after: null,
        answered: [],
        accepted: [],
      },
      scope,
      { timeoutMs: 120_000 },
    ),
  );
  const byReason = queryDescriptionSchema.parse({
    measures: ['dispute_win_rate_fought'],
    dimensions: ['reason_code'],
    timeDimension: { dimension: 'date', dateRange: [windowStart, LAST_DAY] },
  });
  const rates = await timed(() => engine.query(byReason, scope, { timeoutMs: 120_000 }));
  return { page, rates };
}

/** The rules, the mix and the win rates on one engine; its timings, the portal's way beside the hand-written SQL. */
async function check(
  engine: string,
  d: RuleDialect,
  ask: Ask,
  portal: DuckDBEngine | ClickHouseEngine,
): Promise<string> {
  for (const [rule, sql] of Object.entries(disputeEventRules(d, ORG, LAST_DAY))) {
    const row = (await ask(sql))[0]!;
    if (rule === 'receivedOnce') {
      if (!(row[0]! > 0 && row[1] === row[0] && row[2] === row[0])) problems.push(`${engine} ${rule}: ${row}`);
    } else if (row[0] !== 0) problems.push(`${engine} ${rule}: ${row[0]} violations`);
    if (rule === 'outcomes') {
      const [, won, lost, accepted, expired] = row as [number, number, number, number, number];
      const decided = won + lost + accepted;
      const mix = [won, lost, accepted].map((n) => (100 * n) / decided);
      if ([33, 47, 20].some((target, i) => Math.abs(mix[i]! - target) > 3))
        problems.push(`${engine} mix ${mix.map((m) => m.toFixed(1)).join(' / ')} % (decided ${decided})`);
      progress(
        `${engine}: decided ${decided}, won/lost/accepted ${mix.map((m) => m.toFixed(1)).join(' / ')} %, expired ${((100 * expired) / decided).toFixed(1)} %`,
      );
    }
  }
  for (const [reason, decided, won, fought, foughtWon] of await ask(winRatesByReason(d, ORG, windowStart, LAST_DAY))) {
    if (fought! > 0 && decided! > 0 && foughtWon! / fought! < won! / decided!)
      problems.push(`${engine} reason ${reason}: fought ${foughtWon}/${fought} below ${won}/${decided}`);
  }
  const page = await p50(ask, needsResponsePage(d, ORG));
  const rates = await p50(ask, winRatesByReason(d, ORG, windowStart, LAST_DAY));
  const baseline = await p50(ask, `select count() from dispute_events where org_id = ${ORG}`);
  const ours = await portalWays(portal);
  if (ours.page > 150) problems.push(`${engine} queue page ${ours.page.toFixed(0)} ms > 150 ms`);
  if (ours.rates > 300) problems.push(`${engine} win rate by reason ${ours.rates.toFixed(0)} ms > 300 ms`);
  return `${engine}: queue page ${ours.page.toFixed(0)} ms (hand-written ${page.toFixed(0)} ms), fought win rate by reason ${ours.rates.toFixed(0)} ms (hand-written ${rates.toFixed(0)} ms), beside a count of the events ${baseline.toFixed(0)} ms`;
}

const folder = mkdtempSync(join(tmpdir(), 'payportal-bench-disputes-'));
const dataset = await openBenchDataset(join(folder, 'disputes.duckdb'), {
  orgId: ORG,
  scaleFactor: SF,
  lastDay: LAST_DAY,
});
const duckdb = dataset.engine;
const figures: string[] = [];
try {
  progress(`SF ${SF} ${dataset.origin} in ${dataset.seconds.toFixed(1)} s`);
  const askDuck: Ask = (sql) =>
    duckdb.withConnection(async (c) => (await c.runAndReadAll(sql)).getRows().map((row) => row.map(Number)));
  figures.push(await check('DuckDB', DUCKDB_RULES, askDuck, duckdb));
  if (process.env.BENCH_CLICKHOUSE === '0') figures.push('ClickHouse: skipped (BENCH_CLICKHOUSE=0)');
  else if (!findClickHouseServer()) figures.push('ClickHouse: skipped (clickhouse-server is not installed)');
  else {
    const clickhouse = await startClickHouse();
    const client = createClickHouseClient({ url: clickhouse.url });
    try {
      await duckdb.withConnection((connection) => copyFromDuckDB(connection, client, { orgIds: [ORG] }));
      const askClick: Ask = async (sql) => (await queryRows(client, sql)).map((row) => row.map(Number));
      const engine = await ClickHouseEngine.connect({ url: clickhouse.url, cacheEntries: 0 });
      try {
        figures.push(await check('ClickHouse', CLICKHOUSE_RULES, askClick, engine));
      } finally {
        await engine.close();
      }
    } finally {
      await client.close();
      await clickhouse.stop();
    }
  }
} finally {
  await duckdb.close();
  rmSync(folder, { recursive: true, force: true });
}

for (const line of figures) progress(line);
for (const problem of problems) progress(`MISSED ${problem}`);
recordResult({
  bench: 'disputes',
  figures: `SF ${SF}, p50 of ${RUNS}, load ${loadAtStart} at start: ${figures.join('; ')}`,
  targets: {
    'rules, mix and win rates hold': problems.every((p) => p.includes(' ms')),
    'timings within target': !problems.some((p) => p.includes(' ms')),
  },
});
process.exitCode = problems.length ? 1 : 0;
