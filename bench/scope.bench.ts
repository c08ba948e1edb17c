// bench:scope: the twelve dashboard questions of bench:analytics (analyticsQueries.ts) asked by the
// engine for a caller scoped to one agent's book and for the whole organisation, taking turns in one
// loop, on DuckDB and (when clickhouse-server is installed) ClickHouse with the same data, on both the
// raw facts and the merchant_daily rollup. The scoped answer is checked against the subtree's own
// figure first (its GSV, hand-written). Target: scoped within 1.2× of unscoped on every
// question; the exit code is 1 when one is missed or a way fails.
// Knobs: BENCH_SF (default 1), BENCH_RUNS (default 7).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBEngine } from '@payportal/analytics';
import { ClickHouseEngine, dayBefore } from '@payportal/analytics';
import type { QueryScope } from '../packages/analytics/src/compiler/compileQuery.ts';
import { copyFromDuckDB } from '../packages/analytics/src/clickhouse/copyFromDuckDB.ts';
import { createClickHouseClient } from '../packages/analytics/src/clickhouse/createClickHouseClient.ts';
import { findClickHouseServer, startClickHouse } from '../packages/analytics/test/startClickHouse.ts';
import { isFailed, ms, p50Of, table, timeTogether } from './analyticsMeasure.ts';
import { benchQueries } from './analyticsQueries.ts';
import { loadAverage, progress } from './benchSupport.ts';
import { openBenchDataset } from './benchDataset.ts';
import { recordResult } from './recordResult.ts';

const SF = Number(process.env.BENCH_SF ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_RATIO = 1.2;
const ORG = 1;
const today = new Date().toISOString().slice(0, 10);
const dir = mkdtempSync(join(tmpdir(), 'payportal-bench-scope-'));
const problems: string[] = [];
const loadAtStart = loadAverage();
/** Each engine's widest scoped ÷ unscoped ratio and its question, for RESULTS.md. */
const widest: string[] = [];

type Engine = DuckDBEngine | ClickHouseEngine;

/** Every question, scoped and not, on the raw facts and the rollup, timed together; one table row per way. */
async function measure(name: string, engine: Engine, node: string): Promise<string[][]> {
  const rows: string[][] = [];
  for (const query of benchQueries(ORG, today)) {
    for (const rollup of query.hand.rollup === undefined ? (['never'] as const) : (['never', 'always'] as const)) {
      progress(`${name}: ${query.name} (${rollup === 'never' ? 'raw' : 'rollup'})`);
      const ask = (scope: QueryScope) => async () => {
        const result = await engine.query(query.description, scope, { rollup, rowCap: 100_000 });
        return { rows: result.rows };
      };
      const outcome = await timeTogether(RUNS, {
        whole: ask({ orgId: ORG, today }),
        scoped: ask({ orgId: ORG, today, node }),
      });
      const [whole, scoped] = [p50Of(outcome.whole), p50Of(outcome.scoped)];
      for (const way of ['whole', 'scoped'] as const)
        if (isFailed(outcome[way])) problems.push(`${name} ${query.name} ${way}: ${outcome[way].error}`);
      const ratio = whole !== undefined && scoped !== undefined ? scoped / whole : undefined;
      if (ratio !== undefined && ratio > TARGET_RATIO)
        problems.push(
          `${name} ${query.name} (${rollup === 'never' ? 'raw' : 'rollup'}): scoped ${ratio.toFixed(2)}× unscoped`,
        );
      rows.push([
        query.name,
        rollup === 'never' ? 'raw' : 'rollup',
        ms(whole),
        ms(scoped),
        ratio === undefined ? 'n/a' : `${ratio.toFixed(2)}×`,
      ]);
    }
  }
  const ratios = rows.filter((row) => row[4] !== 'n/a').map((row) => ({ row, ratio: Number.parseFloat(row[4]!) }));
  const worst = ratios.sort((a, b) => b.ratio - a.ratio)[0];
  if (worst)
    widest.push(
      `${name} at most ${worst.row[4]} (${worst.row[0]}, ${worst.row[1]}: ${worst.row[3]} beside ${worst.row[2]} ms)`,
    );
  return rows;
}

/** The agent with the largest book (the slowest scoped answer), its book and its GSV, hand-written. */
async function pickAgent(engine: DuckDBEngine): Promise<{ code: string; name: string; book: number; gsv: number }> {
  return engine.withConnection(async (connection) => {
    const reader = await connection.runAndReadAll(`select a.code, a.name, count(*)::int as book,
        (select coalesce(sum(amount), 0)::double from transactions t join merchants x using (org_id, merchant_id)
          where t.org_id = ${ORG} and x.agent_id = a.node_id and t.auth_result = 'approved' and not t.is_refund and t.settled) as gsv
      from portfolio_nodes a join merchants m on m.org_id = a.org_id and m.agent_id = a.node_id
      where a.org_id = ${ORG} and a.kind = 'agent' group by a.code, a.name, a.node_id order by book desc, a.code limit 1`);
    return reader.getRowObjectsJS()[0] as { code: string; name: string; book: number; gsv: number };
  });
}

async function checkScopedGsv(name: string, engine: Engine, agent: { code: string; gsv: number }): Promise<void> {
  const [description] = benchQueries(ORG, today).map((query) => query.description);
  const answer = await engine.query(
    { ...description!, timeDimension: undefined, dimensions: [], measures: ['gsv'] },
    {
      orgId: ORG,
      today,
      node: agent.code,
    },
  );
  const gsv = answer.rows[0]?.[0] as number;
  if (Math.abs(gsv - agent.gsv) > 0.005) problems.push(`${name}: scoped GSV ${gsv} ≠ the book's ${agent.gsv}`);
}

const header = ['question', 'table', 'unscoped p50 ms', 'scoped p50 ms', 'scoped ÷ unscoped'];
const stops: (() => Promise<void>)[] = [];
try {
  const dataset = await openBenchDataset(join(dir, 'bench.duckdb'), {
    orgId: ORG,
    scaleFactor: SF,
    lastDay: dayBefore(today),
  });
  const duckdb = dataset.engine;
  stops.push(() => duckdb.close());
  progress(`SF ${SF} ${dataset.origin} in ${dataset.seconds.toFixed(1)} s`);
  const agent = await pickAgent(duckdb);
  console.log(
    `bench:scope at SF ${SF}, ${RUNS} runs, load ${loadAtStart} at start; scoped to ${agent.code} ${agent.name} (${agent.book} merchants, the largest book)`,
  );
  await checkScopedGsv('DuckDB', duckdb, agent);
  console.log(`\nDuckDB\n${table(header, await measure('DuckDB', duckdb, agent.code))}`);
  if (!findClickHouseServer()) console.log('\nClickHouse: skipped, clickhouse-server is not installed');
  else {
    progress('starting clickhouse-server and copying');
    const server = await startClickHouse();
    stops.push(() => server.stop());
    const client = createClickHouseClient({ url: server.url });
    stops.push(() => client.close());
    await duckdb.withConnection((connection) => copyFromDuckDB(connection, client, { orgIds: [ORG] }));
    const clickhouse = await ClickHouseEngine.connect({ url: server.url, cacheEntries: 0 });
    stops.push(() => clickhouse.close());
    await checkScopedGsv('ClickHouse', clickhouse, agent);
    console.log(`\nClickHouse\n${table(header, await measure('ClickHouse', clickhouse, agent.code))}`);
  }
} catch (error) {
  problems.push(`failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
console.log(problems.length ? `\n✘ ${problems.join('\n✘ ')}` : `\n✔ every scoped answer within ${TARGET_RATIO}×`);
recordResult({
  bench: 'scope',
  figures: `SF ${SF}, p50 of ${RUNS}, load ${loadAtStart} at start: the twelve questions scoped to the largest agent's book beside unscoped, raw and rollup: ${widest.join('; ') || 'no figures'}`,
  targets: {
    [`scoped within ${TARGET_RATIO}× of unscoped`]: !problems.some((problem) => problem.includes('× unscoped')),
    'scoped GSV equals the book’s': !problems.some((problem) => problem.includes('≠')),
  },
});
process.exitCode = problems.length ? 1 : 0;
