// bench:analytics: the synthetic dataset's generation speed at SF 1 and BENCH_SF (beside a
// bare `create table … from range(n)` of as many rows in the same DuckDB), and twelve dashboard
// questions at BENCH_SF asked five ways, taking turns in one loop on one warm DuckDB instance: through
// the API over HTTP, through the engine on the raw tables and on the merchant_daily rollup, and as
// hand-written DuckDB SQL on each of those tables; then the engine on ClickHouse beside DuckDB with the
// SF 1 data, for the dashboard questions and for the merchant-level page and the revenue optimizer
// (analyticsPageItems.ts). Every answer is compared with the raw engine's (DuckDB's, for ClickHouse).
// Targets: at SF 10 every question ≤ 1 s raw and ≤ 100 ms on the rollup, the API within 1.2× of the
// hand-written SQL on the table it reads; SF 1 generated in ≤ 15 s; ClickHouse within 2× of DuckDB on
// every answer. The exit code is 1 when a target is missed, two ways disagree or a way fails.
// Knobs: BENCH_SF (default 10), BENCH_RUNS (default 7).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseEngine, dayBefore, DuckDBEngine } from '@payportal/analytics';
import type { QueryResult } from '@payportal/shared/analytics';
import { copyFromDuckDB } from '../packages/analytics/src/clickhouse/copyFromDuckDB.ts';
import { createClickHouseClient } from '../packages/analytics/src/clickhouse/createClickHouseClient.ts';
import { FACT_TABLES, ROLLUP_TABLES } from '../packages/analytics/src/schema/tables.ts';
import { findClickHouseServer, startClickHouse } from '../packages/analytics/test/startClickHouse.ts';
import type { RunRequest } from './analyticsBenchServer.ts';
import {
  answerDifference,
  isFailed,
  mark,
  millions,
  ms,
  p50Of,
  table,
  timeTogether,
  type Answer,
  type Outcome,
  type Runner,
} from './analyticsMeasure.ts';
import { pageItems, type PageItem } from './analyticsPageItems.ts';
import { recordResult } from './recordResult.ts';
import { apiSource, benchQueries, type BenchQuery } from './analyticsQueries.ts';
import { progress, loadAverage } from './benchSupport.ts';
import { startBenchServer } from './benchServer.ts';

const SF = Number(process.env.BENCH_SF ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
if (!(SF > 0) || !(Number.isInteger(RUNS) && RUNS > 0))
  throw new Error(`BENCH_SF must be > 0 and BENCH_RUNS a positive integer (got ${SF}, ${RUNS})`);
const TARGET = { sf1Seconds: 15, rawMs: 1000, rollupMs: 100, apiRatio: 1.2, clickhouseRatio: 2 };
const today = new Date().toISOString().slice(0, 10);
// the data ends yesterday, as `npm start` makes it
const lastDay = dayBefore(today);
const dir = mkdtempSync(join(tmpdir(), 'payportal-bench-analytics-'));
const fileOf = (sf: number) => join(dir, `sf${sf}.duckdb`);
const loadAtStart = loadAverage();

// The API in its own process (analyticsBenchServer.ts), driven line by line.
const { server, ask } = startBenchServer(new URL('./analyticsBenchServer.ts', import.meta.url));

interface Generated {
  sf: number;
  rows: number;
  transactions: number;
  seconds: number;
  baselineSeconds: number;
  duckdbVersion: string;
}

/** Generates one dataset into a fresh file and times it, then the bare table of as many rows. */
async function generate(orgId: number, sf: number): Promise<Generated> {
  progress(`generating SF ${sf}`);
  const engine = await DuckDBEngine.open({ path: fileOf(sf), cacheEntries: 0 });
  try {
    const started = performance.now();
    await engine.ensureDataset({ orgId, scaleFactor: sf, lastDay });
    const seconds = (performance.now() - started) / 1000;
    return await engine.withConnection(async (connection) => {
      const tables = [...Object.keys(FACT_TABLES), ...Object.keys(ROLLUP_TABLES)];
      const counts = await connection.runAndReadAll(
        `select ${tables.map((name) => `(select count(*) from ${name} where org_id = ${orgId})`).join(', ')}, version()`,
      );
      const row = counts.getRowsJS()[0]!;
      const perTable = row.slice(0, tables.length).map(Number);
      const rows = perTable.reduce((sum, count) => sum + count, 0);
      const baselineStarted = performance.now();
      await connection.run(`create table bench_baseline as select range as i, hash(range) as h from range(${rows})`);
      const baselineSeconds = (performance.now() - baselineStarted) / 1000;
      await connection.run('drop table bench_baseline');
      await connection.run('checkpoint');
      return {
        sf,
        rows,
        transactions: perTable[tables.indexOf('transactions')]!,
        seconds,
        baselineSeconds,
        duckdbVersion: String(row[tables.length]),
      };
    });
  } finally {
    await engine.close();
  }
}

type Way = 'api' | 'raw' | 'handRaw' | 'rollup' | 'handRollup' | 'duckRaw' | 'duckRollup' | 'chRaw' | 'chRollup';
type Figures = Partial<Record<Way, Outcome>>;
const fromResult = (result: QueryResult): Answer => ({ rows: result.rows, source: result.source });

/** One query run by the bench server, on the DuckDB instance the API answers from, timed there. */
async function onServer(request: RunRequest): Promise<Answer> {
  return ask<Answer>(`run ${JSON.stringify(request)}`);
}

/**
 * At BENCH_SF, per question: the engine forced to the raw tables and to the rollup, the hand-written
 * SQL on each, and the API over HTTP (one request at a time, as a dashboard's browser sends them).
 */
async function measureDuckDB(queries: BenchQuery[], orgId: number, token: string): Promise<Map<BenchQuery, Figures>> {
  const { port } = await ask<{ port: number }>(`serve ${fileOf(SF)}`);
  const figures = new Map<BenchQuery, Figures>();
  try {
    for (const query of queries) {
      progress(`DuckDB and the API, SF ${SF}: ${query.name}`);
      const scope = { orgId, today };
      const engine =
        (rollup: 'never' | 'always'): Runner =>
        () =>
          onServer({ description: query.description, scope, rollup });
      const api: Runner = async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/analytics/v1/query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(query.input),
        });
        if (response.status !== 200)
          throw new Error(`the API answered ${response.status} ${(await response.text()).slice(0, 200)}`);
        return fromResult((await response.json()) as QueryResult);
      };
      const runners: Partial<Record<Way, Runner>> = {
        raw: engine('never'),
        handRaw: () => onServer({ sql: query.hand.raw }),
      };
      const handRollup = query.hand.rollup;
      if (handRollup !== undefined)
        Object.assign(runners, { rollup: engine('always'), handRollup: () => onServer({ sql: handRollup }) });
      runners.api = api;
      figures.set(query, await timeTogether<Way>(RUNS, runners));
    }
  } finally {
    await ask('close');
  }
  return figures;
}

type ClickHouseOutcome =
  | { figures: Map<BenchQuery, Figures>; page: Map<PageItem, Figures>; note: string; version: string }
  | { skipped: string }
  | { failed: string };

/** The SF 1 data copied into a private clickhouse-server, beside DuckDB's engine on the same data. */
async function measureClickHouse(queries: BenchQuery[], orgId: number): Promise<ClickHouseOutcome> {
  if (!findClickHouseServer())
    return { skipped: 'clickhouse-server is not installed (Debian: `apt-get install clickhouse-server`)' };
  const opened: (() => Promise<void>)[] = [];
  try {
    progress('starting clickhouse-server');
    const clickhouse = await startClickHouse();
    opened.push(() => clickhouse.stop());
    const duckdb = await DuckDBEngine.open({ path: fileOf(1), cacheEntries: 0 });
    opened.push(() => duckdb.close());
    const client = createClickHouseClient({ url: clickhouse.url });
    opened.push(() => client.close());
    const version = await (await client.query({ query: 'select version()', format: 'TabSeparated' })).text();
    progress('copying SF 1 into ClickHouse');
    const started = performance.now();
    const copied = await duckdb.withConnection((connection) => copyFromDuckDB(connection, client, { orgIds: [orgId] }));
    const note = `${millions(Object.values(copied.rows).reduce((sum, count) => sum + count, 0))} rows copied in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    const engine = await ClickHouseEngine.connect({ url: clickhouse.url, cacheEntries: 0 });
    opened.push(() => engine.close());
    const figures = new Map<BenchQuery, Figures>();
    for (const query of queries) {
      progress(`ClickHouse and DuckDB, SF 1: ${query.name}`);
      const scope = { orgId, today };
      const on =
        (target: DuckDBEngine | ClickHouseEngine, rollup: 'never' | 'always'): Runner =>
        async () =>
          fromResult(await target.query(query.description, scope, { rollup }));
      const runners: Partial<Record<Way, Runner>> = { duckRaw: on(duckdb, 'never'), chRaw: on(engine, 'never') };
      if (query.hand.rollup !== undefined)
        Object.assign(runners, { duckRollup: on(duckdb, 'always'), chRollup: on(engine, 'always') });
      figures.set(query, await timeTogether<Way>(RUNS, runners));
    }
    // The merchant page and the optimizer: their own caches (signal norms) are warmed by the first turn, as in use.
    const page = new Map<PageItem, Figures>();
    for (const item of await pageItems(duckdb, orgId, today)) {
      progress(`ClickHouse and DuckDB, SF 1: ${item.name}`);
      page.set(item, await timeTogether<Way>(RUNS, { duckRaw: () => item.ask(duckdb), chRaw: () => item.ask(engine) }));
    }
    return { figures, page, note, version: version.trim() };
  } catch (error) {
    return { failed: error instanceof Error ? error.message.split('\n').slice(0, 3).join(' / ') : String(error) };
  } finally {
    for (const release of opened.reverse())
      await release().catch((error: unknown) => progress(`ClickHouse clean-up: ${String(error)}`));
  }
}

/** Where each way's answer must come from: the API reads the rollup whenever it holds the question. */
const SOURCE: Record<Way, (query: BenchQuery) => 'rollup' | 'raw' | undefined> = {
  api: apiSource,
  handRaw: () => undefined,
  handRollup: () => undefined,
  raw: () => 'raw',
  duckRaw: () => 'raw',
  chRaw: () => 'raw',
  rollup: () => 'rollup',
  duckRollup: () => 'rollup',
  chRollup: () => 'rollup',
};

/** What went wrong, for the verdict: answers that differ, ways that failed, targets missed. */
const problems = { answers: [] as string[], failed: [] as string[], missed: [] as string[] };

/** ✔, or ✘ and the ways whose answer differs from `reference`'s or who failed (each also listed). */
function check(
  query: Pick<BenchQuery, 'name'> & Partial<BenchQuery>,
  figures: Figures,
  reference: Way,
  ways: Way[],
): string {
  const expected = figures[reference];
  const bad: string[] = [];
  for (const way of [reference, ...ways]) {
    const outcome = figures[way];
    if (!outcome) continue;
    if (isFailed(outcome)) {
      problems.failed.push(`${query.name}, ${way}: ${outcome.error}`);
      bad.push(`${way} failed`);
      continue;
    }
    if (way === reference || !expected || isFailed(expected)) continue;
    const source = 'description' in query ? SOURCE[way](query as BenchQuery) : undefined;
    const problem =
      outcome.source !== source
        ? `answered from ${outcome.source}, not ${source}`
        : answerDifference(expected.rows, outcome.rows);
    if (problem) {
      problems.answers.push(`${query.name}, ${way} vs ${reference}: ${problem}`);
      bad.push(way);
    }
  }
  return bad.length ? `✘ ${bad.join(', ')}` : '✔';
}

/** A figure with its verdict against a limit. */
const against = (value: number | undefined, limit: number, format: (value: number) => string) =>
  value === undefined ? 'n/a' : `${format(value)} ${mark(value <= limit)}`;
const ratioOf = (numerator: number | undefined, denominator: number | undefined) =>
  numerator === undefined || denominator === undefined ? undefined : numerator / denominator;
const times = (value: number) => `${value.toFixed(2)}×`;

try {
  const { orgId, token } = await ask<{ orgId: number; token: string }>();
  const generated: Generated[] = [];
  for (const sf of [...new Set([1, SF])]) generated.push(await generate(orgId, sf));
  const queries = benchQueries(orgId, today);
  const figures = await measureDuckDB(queries, orgId, token);
  const clickhouse = await measureClickHouse(queries, orgId);

  const atSf = generated.find((item) => item.sf === SF)!;
  const sf1 = generated.find((item) => item.sf === 1)!;
  console.log(
    `bench:analytics — DuckDB ${atSf.duckdbVersion}, ${RUNS} runs after a warm-up (p50 in ms), answer cache off, ${millions(atSf.transactions)} transactions at SF ${SF}; ` +
      `${availableParallelism()} cores, load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
  );
  console.log(
    '\ngeneration (every row of the organisation, rollup included) beside `create table … select i, hash(i) from range(n)` of n = as many rows',
  );
  console.log(
    table(
      ['scale factor', 'rows', 'seconds', 'rows/s', 'baseline s', 'baseline rows/s', 'share', `target`],
      generated.map((item) => [
        `SF ${item.sf}`,
        millions(item.rows),
        item.seconds.toFixed(1),
        millions(item.rows / item.seconds),
        item.baselineSeconds.toFixed(2),
        millions(item.rows / item.baselineSeconds),
        `${((item.baselineSeconds / item.seconds) * 100).toFixed(1)}%`,
        item.sf === 1 ? `≤ ${TARGET.sf1Seconds} s ${mark(item.seconds <= TARGET.sf1Seconds)}` : '—',
      ]),
    ),
  );

  const p50 = (query: BenchQuery, way: Way) => p50Of(figures.get(query)![way]);
  const handOfApi = (query: BenchQuery) => p50(query, apiSource(query) === 'rollup' ? 'handRollup' : 'handRaw');
  const apiRatio = (query: BenchQuery) => ratioOf(p50(query, 'api'), handOfApi(query));
  console.log(
    `\nqueries at SF ${SF}: raw / rollup = the engine forced to each (compiled SQL, run in the API's process); hand = SQL written by hand for that table, ` +
      `run on the same DuckDB instance; API = HTTP POST with an RS256 token to the API in production mode (rollup when it holds the question), ` +
      `÷ the hand-written SQL on the table it reads; answers = every way's rows against the raw engine's`,
  );
  console.log(
    table(
      [
        'query',
        'rows',
        `raw ≤ ${TARGET.rawMs}`,
        'hand raw',
        'raw÷hand',
        `rollup ≤ ${TARGET.rollupMs}`,
        'hand rollup',
        'rollup÷hand',
        'API',
        `API÷hand ≤ ${TARGET.apiRatio}`,
        'answers',
      ],
      queries.map((query) => {
        const f = figures.get(query)!;
        const raw = f.raw && !isFailed(f.raw) ? f.raw : undefined;
        const optionalRatio = (value: number | undefined) => (value === undefined ? 'n/a' : times(value));
        return [
          query.name,
          raw ? String(raw.rows.length) : 'n/a',
          against(p50(query, 'raw'), TARGET.rawMs, ms),
          ms(p50(query, 'handRaw')),
          optionalRatio(ratioOf(p50(query, 'raw'), p50(query, 'handRaw'))),
          against(p50(query, 'rollup'), TARGET.rollupMs, ms),
          ms(p50(query, 'handRollup')),
          optionalRatio(ratioOf(p50(query, 'rollup'), p50(query, 'handRollup'))),
          ms(p50(query, 'api')),
          against(apiRatio(query), TARGET.apiRatio, times),
          check(query, f, 'raw', ['handRaw', 'rollup', 'handRollup', 'api']),
        ];
      }),
    ),
  );

  if ('skipped' in clickhouse) console.log(`\nClickHouse: skipped, ${clickhouse.skipped}`);
  else if ('failed' in clickhouse) {
    console.log(`\nClickHouse: ✘ failed before any query: ${clickhouse.failed}`);
    problems.failed.push(`ClickHouse: ${clickhouse.failed}`);
  } else {
    console.log(
      `\nClickHouse ${clickhouse.version} on the SF 1 data (${clickhouse.note}) beside DuckDB's engine on the same data, taking turns; answers against DuckDB raw`,
    );
    // ClickHouse ÷ DuckDB on the table the API would read (the rollup where it holds the question)
    const chRatio = (f: Figures, rollup: boolean) =>
      ratioOf(p50Of(f[rollup ? 'chRollup' : 'chRaw']), p50Of(f[rollup ? 'duckRollup' : 'duckRaw']));
    const ratioCell = (what: string, ratio: number | undefined) => {
      if (ratio !== undefined && ratio > TARGET.clickhouseRatio)
        problems.missed.push(`ClickHouse within ${TARGET.clickhouseRatio}× of DuckDB: ${what} ${times(ratio)}`);
      return against(ratio, TARGET.clickhouseRatio, times);
    };
    console.log(
      table(
        [
          'query',
          'DuckDB raw',
          'DuckDB rollup',
          'ClickHouse raw',
          'ClickHouse rollup',
          `CH÷DuckDB ≤ ${TARGET.clickhouseRatio}`,
          'answers',
        ],
        queries.map((query) => {
          const f = clickhouse.figures.get(query)!;
          const cell = (way: Way) => (isFailed(f[way]) ? 'failed' : ms(p50Of(f[way])));
          return [
            query.name,
            cell('duckRaw'),
            cell('duckRollup'),
            cell('chRaw'),
            cell('chRollup'),
            ratioCell(query.name, chRatio(f, apiSource(query) === 'rollup')),
            check(query, f, 'duckRaw', ['duckRollup', 'chRaw', 'chRollup']),
          ];
        }),
      ),
    );
    console.log(
      `\nthe merchant-level page and the revenue optimizer on the same SF 1 data, as the API asks them (answers: every field against DuckDB's)`,
    );
    console.log(
      table(
        ['answer', 'DuckDB', 'ClickHouse', `CH÷DuckDB ≤ ${TARGET.clickhouseRatio}`, 'answers'],
        [...clickhouse.page].map(([item, f]) => {
          const cell = (way: Way) => (isFailed(f[way]) ? 'failed' : ms(p50Of(f[way])));
          return [
            item.name,
            cell('duckRaw'),
            cell('chRaw'),
            ratioCell(item.name, chRatio(f, false)),
            check(item, f, 'duckRaw', ['chRaw']),
          ];
        }),
      ),
    );
  }

  const within = (
    what: string,
    limit: number,
    value: (query: BenchQuery) => number | undefined,
    unit: (value: number) => string,
  ) => {
    const measured = queries.filter((query) => value(query) !== undefined);
    if (measured.length === 0) return `${what}: ✘ nothing measured`;
    const slowest = measured.reduce((worst, query) => (value(query)! > value(worst)! ? query : worst));
    const offenders = measured.filter((query) => value(query)! > limit);
    for (const query of offenders) problems.missed.push(`${what}: ${query.name} ${unit(value(query)!)}`);
    const detail = offenders.length
      ? `${offenders.length} over: ${offenders.map((query) => `${query.name} ${unit(value(query)!)}`).join('; ')}`
      : `worst ${unit(value(slowest)!)} (${slowest.name})`;
    return `${what}: ${mark(offenders.length === 0)} ${detail} (${measured.length} measured)`;
  };
  console.log(
    `\ntargets${SF === 10 ? '' : ` (the query targets are set for SF 10; these figures are SF ${SF}, held to them all the same)`}`,
  );
  const sf1Line = `SF 1 generated in ≤ ${TARGET.sf1Seconds} s`;
  console.log(`${sf1Line}: ${mark(sf1.seconds <= TARGET.sf1Seconds)} ${sf1.seconds.toFixed(1)} s`);
  if (sf1.seconds > TARGET.sf1Seconds) problems.missed.push(`${sf1Line}: ${sf1.seconds.toFixed(1)} s`);
  console.log(
    within(
      `every query ≤ ${TARGET.rawMs} ms on the raw table`,
      TARGET.rawMs,
      (query) => p50(query, 'raw'),
      (value) => `${ms(value)} ms`,
    ),
  );
  console.log(
    within(
      `every query ≤ ${TARGET.rollupMs} ms through the rollup`,
      TARGET.rollupMs,
      (query) => p50(query, 'rollup'),
      (value) => `${ms(value)} ms`,
    ),
  );
  console.log(within(`API within ${TARGET.apiRatio}× of the hand-written SQL`, TARGET.apiRatio, apiRatio, times));

  const sections: [string, string[]][] = [
    ['answers that differ (their timings are not comparable)', problems.answers],
    ['ways that failed', problems.failed],
    ['targets missed', problems.missed],
  ];
  for (const [title, lines] of sections)
    if (lines.length) console.log(`\n✘ ${title}:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  const ok = sections.every(([, lines]) => lines.length === 0);
  console.log(
    `\n${
      ok
        ? '✔ every target met, every answer agrees'
        : `✘ ${sections
            .filter(([, lines]) => lines.length)
            .map(([title, lines]) => `${lines.length} ${title.split(' (')[0]}`)
            .join('; ')}`
    }`,
  );
  if (!ok) process.exitCode = 1;

  // The run in bench/RESULTS.md: each figure beside its same-run baseline.
  const spread = (values: (number | undefined)[], unit: (value: number) => string) => {
    const known = values.filter((value): value is number => value !== undefined);
    return known.length ? `${unit(Math.min(...known))}–${unit(Math.max(...known))}` : 'n/a';
  };
  const perQuery = (way: Way) => queries.map((query) => p50(query, way));
  const clickhouseFigures =
    'figures' in clickhouse
      ? `; ClickHouse SF 1 raw ${spread(
          [...clickhouse.figures.values()].map((f) => p50Of(f.chRaw)),
          ms,
        )} ms beside DuckDB raw ${spread(
          [...clickhouse.figures.values()].map((f) => p50Of(f.duckRaw)),
          ms,
        )} ms, rollup ${spread(
          [...clickhouse.figures.values()].map((f) => p50Of(f.chRollup)),
          ms,
        )} ms beside ${spread(
          [...clickhouse.figures.values()].map((f) => p50Of(f.duckRollup)),
          ms,
        )} ms`
      : `; ClickHouse ${'skipped' in clickhouse ? 'skipped' : 'failed'}`;
  recordResult({
    bench: `analytics (SF ${SF})`,
    figures:
      `${SF === 1 ? '' : `SF 1 generated in ${sf1.seconds.toFixed(1)} s, `}SF ${SF}${SF === 1 ? ' generated' : ''} in ${atSf.seconds.toFixed(1)} s (${millions(atSf.rows / atSf.seconds)} rows/s beside a bare table's ${millions(atSf.rows / atSf.baselineSeconds)}); ` +
      `${queries.length} queries p50: raw ${spread(perQuery('raw'), ms)} ms beside hand-written ${spread(perQuery('handRaw'), ms)} ms, rollup ${spread(perQuery('rollup'), ms)} ms beside hand-written ${spread(perQuery('handRollup'), ms)} ms, ` +
      `API ÷ hand ${spread(queries.map(apiRatio), times)}${clickhouseFigures}; ${problems.answers.length ? `${problems.answers.length} answers differ` : 'every answer agrees across raw, rollup, hand-written SQL, API and ClickHouse'}` +
      `${problems.failed.length ? `; ${problems.failed.length} ways failed` : ''}`,
    targets: {
      [`SF 1 ≤ ${TARGET.sf1Seconds} s`]: sf1.seconds <= TARGET.sf1Seconds,
      [`raw ≤ ${TARGET.rawMs} ms`]: perQuery('raw').every((value) => value === undefined || value <= TARGET.rawMs),
      [`rollup ≤ ${TARGET.rollupMs} ms`]: perQuery('rollup').every(
        (value) => value === undefined || value <= TARGET.rollupMs,
      ),
      [`API ≤ ${TARGET.apiRatio}× hand`]: queries.every((query) => (apiRatio(query) ?? 0) <= TARGET.apiRatio),
      [`ClickHouse ≤ ${TARGET.clickhouseRatio}× DuckDB`]: !problems.missed.some((line) =>
        line.startsWith('ClickHouse'),
      ),
      'answers agree': problems.answers.length === 0 && problems.failed.length === 0,
    },
  });
} finally {
  server.stdin!.end();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  if (server.exitCode === null) await exited;
  clearTimeout(timer);
  rmSync(dir, { recursive: true, force: true });
}
