// bench:scale: the topology of `npm run start:scale` (PostgreSQL and ClickHouse servers, API processes
// behind the reverse proxy). (1) The dashboard workload: ANALYSTS clients each opening dashboards of
// the twelve bench:analytics questions (all at once, as a dashboard asks them) for BENCH_SECONDS,
// through a proxy in front of one API process and then through one in front of two, on the same
// ClickHouse, with no answer cache (ANALYTICS_CACHE_ENTRIES=0), so every dashboard asks ClickHouse.
// (2) Takeover: an export running on one process, which is then killed (SIGKILL); the time until
// the survivor has claimed it and until it is ready. Knobs: BENCH_SF (0.1), BENCH_SECONDS (20),
// BENCH_ANALYSTS (8), BENCH_PORT_OFFSET (26000).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryDescriptionInput } from '@payportal/shared/analytics';
import { EXPORT_PATHS, exportJobSchema } from '@payportal/shared/exports';
import { openPostgresDatabase } from '../packages/api/src/db/postgresDatabase.ts';
import { startProxy } from '../scripts/scaleProxy.ts';
import { startClickHouseIn, startPostgresIn, type RunningServer } from '../scripts/scaleServers.ts';
import { seedScaleAnalytics } from '../scripts/seedScaleAnalytics.ts';
import { startStack, type RunningStack } from '../scripts/stack.ts';
import { benchQueries } from './analyticsQueries.ts';
import { benchStackConfig, partnerIdToken } from './benchStack.ts';
import { progress, loadAverage, sleep } from './benchSupport.ts';

const SF = Number(process.env.BENCH_SF ?? 0.1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ANALYSTS = Number(process.env.BENCH_ANALYSTS ?? 8);
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 26000);
const EXPORT: QueryDescriptionInput = {
  measures: ['gsv', 'transactions'],
  dimensions: ['merchant', 'card_brand', 'card_type', 'entry_mode'],
  timeDimension: { dimension: 'date', granularity: 'day' },
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

interface Workload {
  dashboards: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function dashboards(base: string, headers: Record<string, string>, bodies: string[]): Promise<Workload> {
  const times: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ANALYSTS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await Promise.all(
          bodies.map(async (body) => {
            const response = await fetch(`${base}/api/analytics/v1/query`, { method: 'POST', headers, body });
            if (response.status !== 200)
              throw new Error(`a query answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
            await response.arrayBuffer();
          }),
        );
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    dashboards: times.length,
    perSecond: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

const dataDir = await mkdtemp(join(tmpdir(), 'payportal-bench-scale-'));
const servers: RunningServer[] = [];
let stack: RunningStack | null = null;
let failed = false;
try {
  const loadAtStart = loadAverage();
  progress('starting PostgreSQL and ClickHouse');
  const [postgres, clickhouse] = await Promise.all([
    startPostgresIn(join(dataDir, 'postgres')),
    startClickHouseIn(join(dataDir, 'clickhouse')),
  ]);
  servers.push(postgres, clickhouse);
  progress(`generating SF ${SF} and copying it into ClickHouse`);
  await seedScaleAnalytics({
    databaseUrl: postgres.url,
    clickhouseUrls: [clickhouse.url],
    dataDir,
    scale: SF,
    progress,
  });
  progress('starting the emulator, two API processes and the proxy');
  stack = await startStack(benchStackConfig(OFFSET, dataDir), {
    log: progress,
    verbose: false,
    scale: {
      processes: 2,
      env: {
        DATABASE_URL: postgres.url,
        ANALYTICS_ENGINE: 'clickhouse',
        CLICKHOUSE_URL: clickhouse.url,
        ANALYTICS_CACHE_ENTRIES: '0',
        LOG_LEVEL: 'error',
      },
    },
  });
  const headers = {
    authorization: `Bearer ${await partnerIdToken(stack.urls)}`,
    'content-type': 'application/json',
  };
  const db = await openPostgresDatabase(postgres.url);
  const [acme] = await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'");
  const bodies = benchQueries(acme!.id, new Date().toISOString().slice(0, 10)).map((query) =>
    JSON.stringify(query.input),
  );

  const one = await startProxy({ upstreams: [stack.apis[0]!.url], port: 0 });
  const two = await startProxy({ upstreams: stack.apis.map((api) => api.url), port: 0 });
  progress('warming up');
  await dashboards(two.url, headers, bodies).catch((error: unknown) => Promise.reject(error));
  progress(`one API process: ${ANALYSTS} analysts for ${SECONDS} s`);
  const single = await dashboards(one.url, headers, bodies);
  progress(`two API processes: ${ANALYSTS} analysts for ${SECONDS} s`);
  const double = await dashboards(two.url, headers, bodies);
  await one.close();
  await two.close();

  progress('an export on one process, which is then killed');
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${stack!.urls.app}${path}`, {
      method,
      headers,
      ...(body && { body: JSON.stringify(body) }),
    });
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status} ${(await response.text()).slice(0, 300)}`);
    return exportJobSchema.parse(await response.json());
  };
  const job = await call('POST', EXPORT_PATHS.jobs(), { query: EXPORT });
  let claim: { claimed_by: string; attempts: number } | undefined;
  while (
    !(claim = (
      await db.query<{ claimed_by: string; attempts: number; status: string }>(
        "select claimed_by, attempts from export_jobs where id = $1 and status = 'running'",
        [job.id],
      )
    )[0])
  )
    await sleep(20);
  const victim = stack.apis.find((api) => api.name === claim!.claimed_by)!;
  await sleep(1000);
  victim.child.kill('SIGKILL');
  const killedAt = performance.now();
  let reclaimedMs = NaN;
  let readyMs = NaN;
  for (;;) {
    const [row] = await db.query<{ status: string; attempts: number; claimed_by: string }>(
      'select status, attempts, claimed_by from export_jobs where id = $1',
      [job.id],
    );
    if (Number.isNaN(reclaimedMs) && row!.attempts > claim.attempts && row!.status === 'running')
      reclaimedMs = performance.now() - killedAt;
    if (['ready', 'failed', 'cancelled'].includes(row!.status)) {
      if (row!.status !== 'ready') throw new Error(`the export ended ${row!.status}`);
      readyMs = performance.now() - killedAt;
      break;
    }
    if (performance.now() - killedAt > 300_000)
      throw new Error('the export was not finished within 5 minutes of the kill');
    await sleep(100);
  }
  const finished = (
    await db.query<{ claimed_by: string; rows_written: number }>(
      'select claimed_by, rows_written::float8 as rows_written from export_jobs where id = $1',
      [job.id],
    )
  )[0]!;
  await db.close();

  const row = (name: string, w: Workload) =>
    `  ${name.padEnd(22)} ${w.perSecond.toFixed(2).padStart(6)} dashboards/s (${w.dashboards} in ${SECONDS} s), p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms`;
  console.log(
    `\nbench:scale, ClickHouse at SF ${SF}, ${ANALYSTS} analysts each opening dashboards of ${bodies.length} queries (no answer cache); load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
  );
  console.log(row('one API process', single));
  console.log(row('two API processes', double));
  console.log(`  two ÷ one              ${(double.perSecond / single.perSecond).toFixed(2)}× the dashboards a second`);
  console.log(
    `  takeover of a killed process's export: claimed by ${finished.claimed_by} ${(reclaimedMs / 1000).toFixed(1)} s after the kill, ready after ${(readyMs / 1000).toFixed(1)} s (${finished.rows_written} rows; a dead process is declared after 30 s without a heartbeat, looked for every 30 s)`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await stack?.stop();
  for (const server of servers.reverse()) await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
