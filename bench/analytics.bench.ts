// bench:analytics (issue #12): the synthetic dataset's generation speed at SF 1 and BENCH_SF (beside a
// bare `create table … from range(n)` of as many rows in the same DuckDB), and twelve dashboard
// questions at BENCH_SF asked five ways: through the API over HTTP, as hand-written DuckDB SQL, through
// the engine on the raw tables and on the merchant_daily rollup, and on ClickHouse with the SF 1 data.
// Targets: at SF 10 every question ≤ 1 s raw and ≤ 100 ms on the rollup, the API within 1.2× of the
// hand-written SQL; SF 1 generated in ≤ 15 s. Knobs: BENCH_SF (default 10), BENCH_RUNS (default 7).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ClickHouseEngine, DuckDBEngine } from '@payportal/analytics';
import type { QueryResult } from '@payportal/shared';
import { copyFromDuckDB } from '../packages/analytics/src/clickhouse/copyFromDuckDB.ts';
import { createClickHouseClient } from '../packages/analytics/src/clickhouse/createClickHouseClient.ts';
import { FACT_TABLES, ROLLUP_TABLES } from '../packages/analytics/src/schema/tables.ts';
import { findClickHouseServer, startClickHouse } from '../packages/analytics/test/startClickHouse.ts';
import { benchQueries, type BenchQuery } from './analyticsQueries.ts';
import { answerDifference, mark, millions, ms, table, timeTogether, type Runner, type Timed } from './analyticsMeasure.ts';

const SF = Number(process.env.BENCH_SF ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET = { sf1Seconds: 15, rawMs: 1000, rollupMs: 100, apiRatio: 1.2 };
const today = new Date().toISOString().slice(0, 10);
const endMonth = `${today.slice(0, 7)}-01`;
const dir = mkdtempSync(join(tmpdir(), 'payportal-bench-analytics-'));
const fileOf = (sf: number) => join(dir, `sf${sf}.duckdb`);
const progress = (line: string) => process.stderr.write(`… ${line}\n`);
const failures: string[] = [];

// The API in its own process (analyticsBenchServer.ts), driven line by line.
const server = spawn(process.execPath, ['--import', 'tsx', new URL('./analyticsBenchServer.ts', import.meta.url).pathname], { stdio: ['pipe', 'pipe', 'inherit'] });
const serverLines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
async function ask<T>(command?: string): Promise<T> {
  if (command) server.stdin!.write(`${command}\n`);
  const next = await serverLines.next();
  if (next.done) throw new Error('the API bench server exited');
  return JSON.parse(next.value as string) as T;
}

interface Generated {
  sf: number;
  rows: number;
  transactions: number;
  seconds: number;
  baselineSeconds: number;
}

/** Generates one dataset into a fresh file and times it, then the bare table of as many rows. */
async function generate(orgId: number, sf: number): Promise<Generated> {
  progress(`generating SF ${sf}`);
  const engine = await DuckDBEngine.open({ path: fileOf(sf), cacheEntries: 0 });
  try {
    const started = performance.now();
    await engine.ensureDataset({ orgId, scaleFactor: sf, endMonth });
    const seconds = (performance.now() - started) / 1000;
    return await engine.withConnection(async (connection) => {
      const tables = [...Object.keys(FACT_TABLES), ...Object.keys(ROLLUP_TABLES)];
      const counts = await connection.runAndReadAll(`select ${tables.map((name) => `(select count(*) from ${name} where org_id = ${orgId})`).join(', ')}`);
      const perTable = counts.getRowsJS()[0]!.map(Number);
      const rows = perTable.reduce((sum, count) => sum + count, 0);
      const baselineStarted = performance.now();
      await connection.run(`create table bench_baseline as select range as i, hash(range) as h from range(${rows})`);
      const baselineSeconds = (performance.now() - baselineStarted) / 1000;
      await connection.run('drop table bench_baseline');
      await connection.run('checkpoint');
      return { sf, rows, transactions: perTable[tables.indexOf('transactions')]!, seconds, baselineSeconds };
    });
  } finally {
    await engine.close();
  }
}

type Way = 'api' | 'hand' | 'raw' | 'rollup' | 'duckRaw' | 'duckRollup' | 'chRaw' | 'chRollup';
type Figures = Partial<Record<Way, Timed>>;
const fromResult = (result: QueryResult) => ({ rows: result.rows, source: result.source });

/** Hand-written SQL, the engine on raw tables and on the rollup, taking turns, on one DuckDB file. */
async function measureDuckDB(queries: BenchQuery[], orgId: number): Promise<Map<BenchQuery, Figures>> {
  const engine = await DuckDBEngine.open({ path: fileOf(SF), cacheEntries: 0 });
  const figures = new Map<BenchQuery, Figures>();
  try {
    for (const query of queries) {
      progress(`DuckDB, SF ${SF}: ${query.name}`);
      const scope = { orgId, today };
      const hand: Runner = () => engine.withConnection(async (connection) => ({ rows: (await connection.runAndReadAll(query.sql)).getRowsJS() }));
      const raw: Runner = async () => fromResult(await engine.query(query.description, scope, { rollup: 'never' }));
      const rollup: Runner = async () => fromResult(await engine.query(query.description, scope, { rollup: 'always' }));
      figures.set(query, await timeTogether<Way>(RUNS, { hand, raw, ...(query.rollup && { rollup }) }));
    }
  } finally {
    await engine.close();
  }
  return figures;
}

/** The API over HTTP, one request at a time, as a dashboard's browser sends them. */
async function measureApi(queries: BenchQuery[], token: string, figures: Map<BenchQuery, Figures>): Promise<void> {
  const { port } = await ask<{ port: number }>(`serve ${fileOf(SF)}`);
  try {
    for (const query of queries) {
      progress(`API, SF ${SF}: ${query.name}`);
      const api: Runner = async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/analytics/v1/query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(query.input),
        });
        if (response.status !== 200) throw new Error(`${query.name}: the API answered ${response.status} ${await response.text()}`);
        return fromResult((await response.json()) as QueryResult);
      };
      Object.assign(figures.get(query)!, await timeTogether<Way>(RUNS, { api }));
    }
  } finally {
    await ask('close');
  }
}

/** The SF 1 data copied into a private clickhouse-server, beside DuckDB's engine on the same data. */
async function measureClickHouse(queries: BenchQuery[], orgId: number): Promise<{ figures: Map<BenchQuery, Figures>; note: string } | string> {
  if (!findClickHouseServer()) return 'skipped: clickhouse-server is not installed (Debian: `apt-get install clickhouse-server`)';
  const clickhouse = await startClickHouse();
  const duckdb = await DuckDBEngine.open({ path: fileOf(1), cacheEntries: 0 });
  const engine = await ClickHouseEngine.connect({ url: clickhouse.url, cacheEntries: 0 });
  try {
    progress('copying SF 1 into ClickHouse');
    const client = createClickHouseClient({ url: clickhouse.url });
    const started = performance.now();
    const copied = await duckdb.withConnection((connection) => copyFromDuckDB(connection, client, { orgIds: [orgId] }));
    const note = `${millions(Object.values(copied.rows).reduce((sum, count) => sum + count, 0))} rows copied in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    await client.close();
    const figures = new Map<BenchQuery, Figures>();
    for (const query of queries) {
      progress(`ClickHouse, SF 1: ${query.name}`);
      const scope = { orgId, today };
      const on = (target: DuckDBEngine | ClickHouseEngine, rollup: 'never' | 'always'): Runner => async () => fromResult(await target.query(query.description, scope, { rollup }));
      const runners: Partial<Record<Way, Runner>> = { duckRaw: on(duckdb, 'never'), chRaw: on(engine, 'never') };
      if (query.rollup) Object.assign(runners, { duckRollup: on(duckdb, 'always'), chRollup: on(engine, 'always') });
      figures.set(query, await timeTogether<Way>(RUNS, runners));
    }
    return { figures, note };
  } finally {
    await engine.close();
    await duckdb.close();
    await clickhouse.stop();
  }
}

/** Where each way's answer must come from: the API reads the rollup whenever it holds the question. */
const SOURCE: Record<Way, (query: BenchQuery) => 'rollup' | 'raw' | undefined> = {
  api: (query) => (query.rollup ? 'rollup' : 'raw'),
  hand: () => undefined,
  raw: () => 'raw',
  duckRaw: () => 'raw',
  chRaw: () => 'raw',
  rollup: () => 'rollup',
  duckRollup: () => 'rollup',
  chRollup: () => 'rollup',
};

/** ✔, or ✘ and the ways whose answer differs from `reference` (each difference is also listed). */
function check(query: BenchQuery, figures: Figures, reference: Way, ways: Way[]): string {
  const wrong = ways.filter((way) => {
    const timed = figures[way];
    if (!timed) return false;
    const expected = SOURCE[way](query);
    const problem = timed.source !== expected ? `answered from ${timed.source}, not ${expected}` : answerDifference(figures[reference]!.rows, timed.rows);
    if (problem) failures.push(`${query.name}, ${way}: ${problem}`);
    return problem !== null;
  });
  return wrong.length ? `✘ ${wrong.join(',')}` : '✔';
}

try {
  const { orgId, token } = await ask<{ orgId: number; token: string }>();
  const generated: Generated[] = [];
  for (const sf of [...new Set([1, SF])]) generated.push(await generate(orgId, sf));
  const queries = benchQueries(orgId, today);
  const figures = await measureDuckDB(queries, orgId);
  await measureApi(queries, token, figures);
  const clickhouse = await measureClickHouse(queries, orgId);

  const atSf = generated.find((item) => item.sf === SF)!;
  console.log(`bench:analytics — DuckDB, ${RUNS} runs after a warm-up (p50 in ms), answer cache off, ${millions(atSf.transactions)} transactions at SF ${SF}`);
  console.log('\ngeneration (every row of the organisation, rollup included) beside `create table … select i, hash(i) from range(n)` of n = as many rows');
  console.log(
    table(
      ['scale factor', 'rows', 'seconds', 'rows/s', 'baseline s', 'baseline rows/s', 'share'],
      generated.map((item) => [`SF ${item.sf}`, millions(item.rows), item.seconds.toFixed(1), millions(item.rows / item.seconds), item.baselineSeconds.toFixed(2), millions(item.rows / item.baselineSeconds), `${((item.baselineSeconds / item.seconds) * 100).toFixed(1)}%`]),
    ),
  );

  console.log(`\nqueries at SF ${SF}: API = HTTP POST with an RS256 token to the API in production mode; hand = hand-written SQL on the table the API reads; raw / rollup = the engine forced to each`);
  const ratio = (query: BenchQuery) => figures.get(query)!.api!.p50 / figures.get(query)!.hand!.p50;
  console.log(
    table(
      ['query', 'rows', 'API', 'hand', 'API÷hand', 'raw', 'rollup', 'answers'],
      queries.map((query) => {
        const f = figures.get(query)!;
        return [query.name, String(f.raw!.rows.length), ms(f.api?.p50), ms(f.hand?.p50), `${ratio(query).toFixed(2)}×`, ms(f.raw?.p50), ms(f.rollup?.p50), check(query, f, 'raw', ['api', 'hand', 'rollup'])];
      }),
    ),
  );

  if (typeof clickhouse === 'string') console.log(`\nClickHouse: ${clickhouse}`);
  else {
    console.log(`\nClickHouse 18.16 on the SF 1 data (${clickhouse.note}) beside DuckDB's engine on the same data`);
    console.log(
      table(
        ['query', 'DuckDB raw', 'DuckDB rollup', 'ClickHouse raw', 'ClickHouse rollup', 'answers'],
        queries.map((query) => {
          const f = clickhouse.figures.get(query)!;
          return [query.name, ms(f.duckRaw?.p50), ms(f.duckRollup?.p50), ms(f.chRaw?.p50), ms(f.chRollup?.p50), check(query, f, 'duckRaw', ['duckRollup', 'chRaw', 'chRollup'])];
        }),
      ),
    );
  }

  const over = (limit: number, value: (query: BenchQuery) => number | undefined, unit: (value: number) => string) => {
    const measured = queries.filter((query) => value(query) !== undefined);
    const slowest = measured.reduce((worst, query) => (value(query)! > value(worst)! ? query : worst));
    const offenders = measured.filter((query) => value(query)! > limit);
    const detail = offenders.length ? `${offenders.length} over: ${offenders.map((query) => `${query.name} ${unit(value(query)!)}`).join('; ')}` : `worst ${unit(value(slowest)!)} (${slowest.name})`;
    return `${mark(offenders.length === 0)} ${detail}`;
  };
  const sf1 = generated.find((item) => item.sf === 1)!;
  console.log(`\ntargets${SF === 10 ? '' : ` (the query targets are set for SF 10; these figures are SF ${SF})`}`);
  console.log(`SF 1 generated in ≤ ${TARGET.sf1Seconds} s: ${mark(sf1.seconds <= TARGET.sf1Seconds)} ${sf1.seconds.toFixed(1)} s`);
  console.log(`every query ≤ ${TARGET.rawMs} ms on the raw table: ${over(TARGET.rawMs, (query) => figures.get(query)!.raw?.p50, (value) => `${ms(value)} ms`)}`);
  console.log(`every query ≤ ${TARGET.rollupMs} ms through the rollup: ${over(TARGET.rollupMs, (query) => figures.get(query)!.rollup?.p50, (value) => `${ms(value)} ms`)}`);
  console.log(`API within ${TARGET.apiRatio}× of the hand-written SQL: ${over(TARGET.apiRatio, ratio, (value) => `${value.toFixed(2)}×`)}`);
  if (failures.length) {
    console.log(`\nanswers that differ from the raw engine's (their timings are not comparable):\n${failures.map((line) => `  ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
} finally {
  server.stdin!.end();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  if (server.exitCode === null) await exited;
  clearTimeout(timer);
  rmSync(dir, { recursive: true, force: true });
}
