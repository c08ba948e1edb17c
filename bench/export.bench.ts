// bench:export: one 10-million-row export at SF 10 through the API's job (POST run → ready),
// cold and after the builder's estimate (which counted the rows already), beside DuckDB's own COPY …
// TO csv of the same SQL on the same instance in the same run; the API
// process's peak RSS growth while the export runs (sampled from /proc every 20 ms, against its RSS just
// before); and the p99 of a light query call (a rollup question, never cached) while two exports run.
// Targets: ≥ 1 M rows/s and ≥ 0.7× COPY; RSS growth < 100 MB; light-query p99 < 500 ms. The exit code
// is 1 when a target is missed. Knobs: BENCH_SF (default 10), BENCH_ROWS (the export's row cap,
// default 10,000,000), BENCH_DATA_DIR (reuse a generated dataset).
import { availableParallelism } from 'node:os';
import type { QueryDescriptionInput } from '@payportal/shared/analytics';
import { EXPORT_PATHS, exportJobSchema, type ExportJob } from '@payportal/shared/exports';
import { mark, millions, table } from './analyticsMeasure.ts';
import { recordResult } from './recordResult.ts';
import { progress, loadAverage, rssOf, mb, sleep } from './benchSupport.ts';
import { startBenchServer } from './benchServer.ts';

const SF = Number(process.env.BENCH_SF ?? 10);
const TARGET = { rowsPerSecond: 1_000_000, copyRatio: 0.7, rssMb: 100, lightP99Ms: 500 };
/** Every merchant by day, card brand, card type and entry mode: about 11 M rows at SF 10, cut at the cap. */
const EXPORT: QueryDescriptionInput = {
  measures: ['gsv', 'transactions'],
  dimensions: ['merchant', 'card_brand', 'card_type', 'entry_mode'],
  timeDimension: { dimension: 'date', granularity: 'day' },
};
const loadAtStart = loadAverage();

const { server, ask } = startBenchServer(new URL('./exportBenchServer.ts', import.meta.url));

try {
  progress(`starting the API and generating SF ${SF} (about 100 s at SF 10)`);
  const { port, token, generateSeconds } = await ask<{
    port: number;
    token: string;
    orgId: number;
    generateSeconds: number;
  }>();
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, { method, headers, ...(body && { body: JSON.stringify(body) }) });
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response.json() as Promise<unknown>;
  };
  const run = async () => exportJobSchema.parse(await call('POST', EXPORT_PATHS.jobs(), { query: EXPORT }));
  // Polled as the screen polls (useExportJob.ts, once a second): a poll every few milliseconds took CPU
  // from the export it was timing. The time is read from the job's own finished_at (same machine, same clock).
  const untilDone = async (id: number): Promise<ExportJob> => {
    for (;;) {
      const job = exportJobSchema.parse(await call('GET', EXPORT_PATHS.job(id)));
      if (!['queued', 'running'].includes(job.status)) return job;
      await sleep(1000);
    }
  };
  const secondsSince = (posted: number, job: ExportJob) => (Date.parse(job.finished_at!) - posted) / 1000;
  const seconds = (job: ExportJob, from: 'created_at' | 'started_at') =>
    (Date.parse(job.finished_at!) - Date.parse(job[from]!)) / 1000;

  progress('DuckDB COPY of the same SQL (warm-up, then measured)');
  await ask(`copy ${JSON.stringify(EXPORT)}`);
  const copied = await ask<{ ms: number; rows: number; bytes: number }>(`copy ${JSON.stringify(EXPORT)}`);

  progress('one export through the job, memory sampled');
  const pid = server.pid!;
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 20);
  const posted = Date.now();
  const alone = await untilDone((await run()).id);
  const wallSeconds = secondsSince(posted, alone);
  clearInterval(sampler);
  if (alone.status !== 'ready') throw new Error(`the export ended ${alone.status}: ${alone.failure_reason}`);

  // As the builder runs it: its estimate counted the rows while the person built the query; the run
  // takes that count as its progress bar's total (exports/rowCounter.ts) and does not count.
  // The builder's estimate runs under the interactive time limit; on a slow machine it may not finish
  // (said in the table).
  progress('the builder’s estimate, then the same export');
  const estimated = await call('POST', EXPORT_PATHS.estimate(), { query: EXPORT }).then(
    () => true,
    () => false,
  );
  const previewedPosted = Date.now();
  const previewed = await untilDone((await run()).id);
  const previewedSeconds = secondsSince(previewedPosted, previewed);

  // A question the rollup answers, a different one each time so no answer comes from the cache.
  let round = 0;
  const lightCalls = async (until: () => boolean): Promise<number[]> => {
    const latencies: number[] = [];
    while (!until()) {
      const light = {
        measures: ['gsv', 'transactions'],
        dimensions: ['region'],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_90_days' },
        limit: 1 + (round++ % 10_000),
      };
      const started = performance.now();
      await call('POST', '/api/analytics/v1/query', light);
      latencies.push(performance.now() - started);
      await sleep(50);
    }
    return latencies.sort((a, b) => a - b);
  };
  const percentile = (latencies: number[], q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;

  progress('the light query call alone (the baseline of its latency)');
  const idleEnd = performance.now() + 15_000;
  const idle = await lightCalls(() => performance.now() > idleEnd);

  progress('two exports at once, a light query call after another meanwhile');
  const pair = [await run(), await run()];
  const running = Promise.all(pair.map((job) => untilDone(job.id)));
  let done = false;
  void running.finally(() => (done = true));
  const latencies = await lightCalls(() => done);
  const both = await running;
  const p = (q: number) => percentile(latencies, q);

  const rowsPerSecond = previewed.rows_written / previewedSeconds;
  const coldRowsPerSecond = alone.rows_written / wallSeconds;
  const copyRowsPerSecond = copied.rows / (copied.ms / 1000);
  const ratio = rowsPerSecond / copyRowsPerSecond;
  const coldRatio = coldRowsPerSecond / copyRowsPerSecond;
  const growth = rssPeak - rssBefore;
  console.log(
    `bench:export — SF ${SF} (generated in ${generateSeconds.toFixed(0)} s), ${availableParallelism()} cores, load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
  );
  console.log(
    `export: ${JSON.stringify(EXPORT)}, capped at ${millions(alone.row_cap)} rows (capped: ${alone.capped})\n`,
  );
  console.log(
    table(
      ['way', 'rows', 'seconds', 'rows/s', 'file', 'note'],
      [
        [
          'DuckDB COPY … TO csv (baseline)',
          millions(copied.rows),
          (copied.ms / 1000).toFixed(1),
          millions(copyRowsPerSecond),
          mb(copied.bytes),
          'same SQL, same instance',
        ],
        [
          'export job, cold: POST → ready',
          millions(alone.rows_written),
          wallSeconds.toFixed(1),
          millions(coldRowsPerSecond),
          mb(alone.file_bytes ?? 0),
          'DuckDB writes the CSV itself, no count',
        ],
        [
          'export job after the builder’s estimate',
          millions(previewed.rows_written),
          previewedSeconds.toFixed(1),
          millions(rowsPerSecond),
          mb(previewed.file_bytes ?? 0),
          estimated ? 'the estimate only gives the bar its total' : 'the estimate timed out',
        ],
        ...both.map((job, index) => [
          `two at once, #${index + 1}`,
          millions(job.rows_written),
          seconds(job, 'created_at').toFixed(1),
          millions(job.rows_written / seconds(job, 'created_at')),
          mb(job.file_bytes ?? 0),
          job.status,
        ]),
      ],
    ),
  );
  console.log(`\nAPI RSS: ${mb(rssBefore)} before the export, peak ${mb(rssPeak)}: growth ${mb(growth)}`);
  console.log(
    `light query alone (baseline): ${idle.length} calls, p50 ${percentile(idle, 0.5).toFixed(0)} ms, p99 ${percentile(idle, 0.99).toFixed(0)} ms`,
  );
  console.log(
    `light query while two exports run: ${latencies.length} calls, p50 ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms (${(p(0.99) / percentile(idle, 0.99)).toFixed(1)}× the baseline), max ${latencies.at(-1)!.toFixed(0)} ms`,
  );
  // A saved export's run has no estimate before it: the cold run is the one every export can count on.
  const checks: [string, boolean, string][] = [
    [
      `≥ ${millions(TARGET.rowsPerSecond)} rows/s through the job (cold)`,
      coldRowsPerSecond >= TARGET.rowsPerSecond,
      `${millions(coldRowsPerSecond)} (after the estimate ${millions(rowsPerSecond)})`,
    ],
    [
      `≥ ${TARGET.copyRatio}× DuckDB COPY (cold)`,
      coldRatio >= TARGET.copyRatio,
      `${coldRatio.toFixed(2)}× (after the estimate ${ratio.toFixed(2)}×)`,
    ],
    [`RSS growth < ${TARGET.rssMb} MB`, growth < TARGET.rssMb * 2 ** 20, mb(growth)],
    [
      `light-query p99 < ${TARGET.lightP99Ms} ms under two exports`,
      p(0.99) < TARGET.lightP99Ms,
      `${p(0.99).toFixed(0)} ms`,
    ],
  ];
  console.log('\ntargets');
  for (const [what, ok, value] of checks) console.log(`${what}: ${mark(ok)} ${value}`);
  recordResult({
    bench: 'export',
    figures: `${millions(alone.rows_written)} rows: job ${wallSeconds.toFixed(1)} s beside COPY ${(copied.ms / 1000).toFixed(1)} s (${coldRatio.toFixed(2)}×); ${checks.map(([what, , value]) => `${what.replace(/^[^a-zA-Z]*/, '')}: ${value}`).join('; ')}`,
    targets: Object.fromEntries(checks.map(([what, ok]) => [what, ok])),
  });
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  server.stdin!.end();
}
