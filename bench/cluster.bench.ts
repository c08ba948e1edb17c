// bench:cluster: the same dataset (BENCH_SF, default 1) in ClickHouse on one server and on a cluster of
// two shards (packages/analytics/CLICKHOUSE.md, "The cluster"), both on this machine: the copy from
// DuckDB (rows/s), the disk each server holds, and the twelve dashboard questions and the optimizer's
// P&L (p50 of BENCH_RUNS, default 5, asked in turns), every answer compared with DuckDB's on the same
// data. Both shards share this machine's cores, so the figures show the cluster's overhead and its
// correctness here, not the speed-up of two machines. The copy's CPU time (this process, where DuckDB
// runs, and the servers) is printed beside its wall time: on a shared machine the wall time says how
// busy the neighbours were, the CPU time per row what the copy costs. The dashboard workload: every
// question at once, four at a time, BENCH_WORKLOAD_ROUNDS (default 2) times, answered per second.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBEngine } from '@payportal/analytics';
import { ClickHouseEngine, dayBefore } from '@payportal/analytics';
import { ClickHouseShards } from '../packages/analytics/src/clickhouse/clickhouseShards.ts';
import { copyFromDuckDB } from '../packages/analytics/src/clickhouse/copyFromDuckDB.ts';
import { queryRows } from '../packages/analytics/src/clickhouse/runClickHouseQuery.ts';
import { startClickHouseCluster } from '../packages/analytics/test/startClickHouseCluster.ts';
import { answerDifference, millions, ms, p50Of, table, timeTogether, type Runner } from './analyticsMeasure.ts';
import { pageItems } from './analyticsPageItems.ts';
import { benchQueries } from './analyticsQueries.ts';
import { loadAverage, mb, progress } from './benchSupport.ts';
import { openBenchDataset } from './benchDataset.ts';
import { recordResult } from './recordResult.ts';

const SF = Number(process.env.BENCH_SF ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WORKLOAD_ROUNDS = Number(process.env.BENCH_WORKLOAD_ROUNDS ?? 2);
if (!(SF > 0 && SF <= 30)) throw new Error(`BENCH_SF must be > 0 and ≤ 30 (got ${SF})`);
const ORG = 1;
const today = new Date().toISOString().slice(0, 10);
const dir = mkdtempSync(join(tmpdir(), 'payportal-bench-cluster-'));
const loadAtStart = loadAverage();

interface Topology {
  name: string;
  engine: ClickHouseEngine;
  copy: string;
  rowsPerSecond: number;
  disk: string;
}

/** CPU seconds used so far by the clickhouse-server processes whose configuration lies in `dirs` (Linux /proc). */
function serverCpuSeconds(dirs: readonly string[]): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!dirs.some((dir) => command.includes(`--config-file=${join(dir, 'config.xml')}`))) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / ticks; // utime, stime
    } catch {
      // a process that ended meanwhile
    }
  }
  return total;
}

const cpuSecondsHere = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function load(duckdb: DuckDBEngine, shards: number): Promise<Topology & { stop(): Promise<void> }> {
  const servers = await startClickHouseCluster({ shards });
  const target = await ClickHouseShards.open({ urls: servers.urls });
  progress(`copying SF ${SF} into ${shards} shard(s)`);
  const dirs = servers.shards.map((shard) => shard.dir);
  const cpuBefore = cpuSecondsHere() + serverCpuSeconds(dirs);
  const started = performance.now();
  const report = await duckdb.withConnection((connection) => copyFromDuckDB(connection, target, { orgIds: [ORG] }));
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSecondsHere() + serverCpuSeconds(dirs) - cpuBefore;
  const rows = Object.values(report.rows).reduce((sum, count) => sum + count, 0);
  const disks = [];
  for (const shard of target.shards)
    disks.push(
      Number(
        (
          await queryRows(
            shard.client,
            'select sum(bytes) from system.parts where active and database = currentDatabase()',
          )
        )[0]![0],
      ),
    );
  await target.close();
  const engine = await ClickHouseEngine.connect({ url: servers.urls[0]!, shardUrls: servers.urls, cacheEntries: 0 });
  return {
    name: shards === 1 ? 'one server (plain tables)' : `${shards} shards`,
    engine,
    copy: `${millions(rows)} rows in ${seconds.toFixed(1)} s (${millions(rows / seconds)} rows/s), ${cpu.toFixed(0)} CPU s (${((cpu / rows) * 1e6).toFixed(2)} CPU s per M rows)`,
    rowsPerSecond: rows / seconds,
    disk: disks.map(mb).join(' + '),
    async stop() {
      await engine.close();
      await servers.stop();
    },
  };
}

const dataset = await openBenchDataset(join(dir, 'bench.duckdb'), {
  orgId: ORG,
  scaleFactor: SF,
  lastDay: dayBefore(today),
});
const duckdb = dataset.engine;
const stops: (() => Promise<void>)[] = [];
try {
  progress(`SF ${SF} ${dataset.origin} in ${dataset.seconds.toFixed(1)} s`);
  // Both stay up, asked in turns (timeTogether), so a noisy neighbour slows them alike.
  const topologies: Topology[] = [];
  for (const shards of [1, 2]) {
    const topology = await load(duckdb, shards);
    stops.push(() => topology.stop());
    topologies.push(topology);
  }
  const scope = { orgId: ORG, today };
  const pnl = (await pageItems(duckdb, ORG, today)).find((item) => item.name === 'optimizer P&L')!;
  const questions: {
    name: string;
    ask: (engine: DuckDBEngine | ClickHouseEngine) => Promise<{ rows: readonly (readonly unknown[])[] }>;
  }[] = [
    ...benchQueries(ORG, today).map((query) => ({
      name: query.name,
      ask: async (engine: DuckDBEngine | ClickHouseEngine) =>
        engine.query(query.description, scope, { rollup: 'never' }),
    })),
    { name: 'optimizer P&L', ask: (engine) => pnl.ask(engine) },
  ];
  const rows: string[][] = [];
  const wrong: string[] = [];
  for (const question of questions) {
    progress(question.name);
    const runners: Record<string, Runner> = { duckdb: () => question.ask(duckdb) };
    topologies.forEach((topology, index) => (runners[`ch${index}`] = () => question.ask(topology.engine)));
    const figures = await timeTogether(RUNS, runners);
    const expected = figures.duckdb && 'rows' in figures.duckdb ? figures.duckdb.rows : [];
    topologies.forEach((topology, index) => {
      const outcome = figures[`ch${index}`];
      const difference = outcome && 'rows' in outcome ? answerDifference(expected, outcome.rows) : 'failed';
      if (difference) wrong.push(`${question.name} on ${topology.name}: ${difference}`);
    });
    rows.push([
      question.name,
      ms(p50Of(figures.duckdb)),
      ...topologies.map((_, index) => ms(p50Of(figures[`ch${index}`]))),
    ]);
  }
  const throughput: string[] = [];
  for (const topology of topologies) {
    progress(`dashboard workload on ${topology.name}`);
    const queue = Array.from({ length: WORKLOAD_ROUNDS }, () => questions).flat();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await next.ask(topology.engine);
      }),
    );
    const asked = WORKLOAD_ROUNDS * questions.length;
    throughput.push(`${topology.name} ${(asked / ((performance.now() - started) / 1000)).toFixed(2)} questions/s`);
  }
  const slowestOnCluster = Math.max(...rows.map((row) => Number(row.at(-1))));
  console.log(`\nbench:cluster, SF ${SF}, ${RUNS} runs, load ${loadAtStart} at start, ${loadAverage()} at the end`);
  console.log(`dataset: ${dataset.origin} in ${dataset.seconds.toFixed(1)} s`);
  for (const topology of topologies) console.log(`${topology.name}: copy ${topology.copy}; disk ${topology.disk}`);
  console.log(`\n${table(['question (raw, p50 ms)', 'DuckDB', ...topologies.map((topology) => topology.name)], rows)}`);
  console.log(
    `\ndashboard workload (${WORKLOAD_ROUNDS} × ${questions.length} questions, 4 at once): ${throughput.join('; ')}`,
  );
  console.log(
    wrong.length ? `\nanswers that differ from DuckDB's:\n${wrong.join('\n')}` : '\nevery answer equal to DuckDB’s',
  );
  recordResult({
    bench: 'cluster',
    figures:
      `SF ${SF}, p50 of ${RUNS}, load ${loadAtStart} at start: ` +
      topologies.map((topology) => `${topology.name}: copy ${topology.copy}, disk ${topology.disk}`).join('; ') +
      `; raw questions on ${topologies.at(-1)!.name} ${ms(Math.min(...rows.map((row) => Number(row.at(-1)))))}–${ms(slowestOnCluster)} ms; ` +
      `workload ${throughput.join(', ')}; ${wrong.length ? `${wrong.length} answers differ from DuckDB's` : 'every answer equal to DuckDB’s'}`,
    targets: {
      ...Object.fromEntries(
        topologies.map((topology) => [`load ≥ 1 M rows/s (${topology.name})`, topology.rowsPerSecond >= 1e6]),
      ),
      '≤ 1 s raw on the cluster': slowestOnCluster <= 1000,
      'answers equal': wrong.length === 0,
    },
  });
  process.exitCode = wrong.length ? 1 : 0;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await duckdb.close();
  rmSync(dir, { recursive: true, force: true });
}
