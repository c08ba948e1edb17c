// bench:load: a mixed workload on the real API over HTTP (production mode, RS256 tokens, DuckDB on a
// file at BENCH_SF, default 1): N analysts, each a user of their own, asking dashboard questions (the
// rollup; a filter changed on every question, so none comes from the cache) as the dashboards ask them,
// four in one POST /api/analytics/v1/batch, one batch after another, with autocannon (a light latency is
// a batch's, read to its last line: a dashboard turn's slowest question); one user sending five heavy questions at once (raw rows, eight dimensions by day, nine
// measures), again and again; two exports running, again and again; one upload running, again and again (a
// generated transactions file of UPLOAD_MB sent through the tus endpoint with tus-js-client by an uploader
// of its own, then validated and loaded). It prints the light questions'
// p50/p99 at each N beside the same questions on the idle stack in the same run, each class's answers
// and errors (uploads: how each ended), and the largest N at which the light p99 stays under 1 s.
// Targets: light p99 ≤ 1 s and ≤ 3× the idle p99; every heavy question answered or refused within its
// limit + 1 s; no 500 of any class. Exit 1 when one is missed at the smallest N.
// Knobs: BENCH_SF, BENCH_N (comma-separated, default 1,2,4,8), BENCH_SECONDS (per N, default 15),
// BENCH_DATA_DIR (reuse a generated dataset).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryDescriptionInput } from '@payportal/shared/analytics';
import { EXPORT_PATHS, exportJobSchema } from '@payportal/shared/exports';
import { UPLOAD_PATHS, uploadSchema } from '@payportal/shared/uploads';
import autocannon from 'autocannon';
import { HEAVY_QUESTION, REGIONS } from '../packages/api/test/workloadQuestions.ts';
import { table } from './analyticsMeasure.ts';
import { sendTransactionsByTus, writeTransactionsFile } from './transactionsUpload.ts';
import { progress, loadAverage, sleep } from './benchSupport.ts';
import { startBenchServer } from './benchServer.ts';

const STEPS = (process.env.BENCH_N ?? '1,2,4,8').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LIMIT_MS = 15_000;
/** Questions in one analyst's batch: a dashboard turn's four charts. */
const BATCH_SIZE = 4; // ANALYTICS_TIMEOUT_MS's default, which the bench server keeps
const TARGET = { lightP99Ms: 1000, idleFactor: 3, heavySlackMs: 1000 };
/** The size of the upload sent again and again (about 45,000 rows): a daily file, not a bulk load. */
const UPLOAD_MB = 4;
const uploadDir = mkdtempSync(join(tmpdir(), 'payportal-bench-load-upload-'));
const loadAtStart = loadAverage();

/** A mid-sized export: every merchant by week and card brand. */
const EXPORT: QueryDescriptionInput = {
  measures: ['gsv', 'transactions'],
  dimensions: ['merchant', 'card_brand'],
  timeDimension: { dimension: 'date', granularity: 'week' },
};
const LIGHT_SHAPES: QueryDescriptionInput[] = [
  { measures: ['gsv', 'transactions'], dimensions: ['state'] },
  { measures: ['approval_rate'], dimensions: ['channel'], timeDimension: { dimension: 'date', granularity: 'month' } },
  { measures: ['gsv'], dimensions: ['industry_group'], timeDimension: { dimension: 'date', granularity: 'week' } },
  { measures: ['net_revenue', 'interchange'], dimensions: ['card_brand'] },
];
/** A dashboard question new to the cache each time (its own row limit, above any answer's rows: the same figures). */
let round = 0;
const lightQuestion = (): QueryDescriptionInput => {
  const turn = round++;
  const shape = LIGHT_SHAPES[turn % LIGHT_SHAPES.length]!;
  return {
    ...shape,
    filters: [{ member: 'region', operator: 'in', values: REGIONS }],
    limit: 1000 + (turn % 9000),
    timeDimension: { dimension: 'date', dateRange: 'last_year', ...shape.timeDimension },
  };
};

const { server, ask } = startBenchServer(new URL('./exportBenchServer.ts', import.meta.url), {
  ...process.env,
  BENCH_SF: process.env.BENCH_SF ?? '1',
});
const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};
const countBy = (values: (number | string)[]) =>
  Object.entries(
    values.reduce<Record<string, number>>((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {}),
  )
    .map(([key, count]) => `${key}×${count}`)
    .join(' ');

try {
  progress('starting the API (production mode) and generating the dataset');
  const { port, token, generateSeconds } = await ask<{ port: number; token: string; generateSeconds: number }>();
  const base = `http://127.0.0.1:${port}`;
  const { tokens } = await ask<{ tokens: string[] }>(`users ${Math.max(...STEPS) + 1}`);
  const [heavyToken, ...analystTokens] = tokens;
  const {
    tokens: [uploaderToken],
  } = await ask<{ tokens: string[] }>('users 1 upload');
  const { mids } = await ask<{ mids: string[] }>('mids 50');
  const headersOf = (bearer: string) => ({ authorization: `Bearer ${bearer}`, 'content-type': 'application/json' });

  /** N analysts for SECONDS, one batch of four questions at a time each: every batch's latency, every status (a batch's, then each question's line). */
  const analysts = async (count: number) => {
    const latencies: number[] = [];
    const statuses: number[] = [];
    await Promise.all(
      analystTokens.slice(0, count).map(async (bearer) => {
        let answered = 0;
        await new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            {
              url: `${base}/api/analytics/v1/batch`,
              method: 'POST',
              headers: headersOf(bearer),
              connections: 1,
              duration: SECONDS,
              // An answer slower than this counts as an error of its class (a timeout), not as a latency.
              timeout: 30,
              requests: [
                {
                  setupRequest: (request) => ({
                    ...request,
                    body: JSON.stringify({ queries: Array.from({ length: BATCH_SIZE }, lightQuestion) }),
                  }),
                  // A question refused inside an answered batch counts as an error of its class too.
                  onResponse: (status, body) => {
                    if (status !== 200) return;
                    for (const line of body.trim().split('\n')) {
                      const answer = JSON.parse(line) as { status?: number };
                      if (answer.status) statuses.push(answer.status);
                    }
                  },
                },
              ],
            },
            (error, result) => {
              if (error) return reject(error);
              // Sent but not answered when the phase ended: counted as errors of their class too (status "open").
              const open = result.requests.sent - answered;
              for (let index = 0; index < open; index++) statuses.push(-1);
              resolve();
            },
          );
          instance.on('response', (_client, statusCode, _bytes, responseTime) => {
            answered++;
            latencies.push(responseTime);
            statuses.push(statusCode);
          });
          instance.on('reqError', () => {
            answered++;
            statuses.push(0);
          });
        });
      }),
    );
    return { latencies, statuses };
  };

  progress('warming up, then the idle baseline: one analyst alone');
  await analysts(1);
  const idle = await analysts(1);

  // The background load: five heavy questions at once from one user, again and again; two exports, again and again.
  let stopping = false;
  const heavy: { status: number; ms: number }[] = [];
  const heavyLoop = (async () => {
    while (!stopping) {
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          const sent = performance.now();
          const response = await fetch(`${base}/api/analytics/v1/query`, {
            method: 'POST',
            headers: headersOf(heavyToken!),
            body: JSON.stringify(HEAVY_QUESTION),
          });
          await response.arrayBuffer();
          heavy.push({ status: response.status, ms: performance.now() - sent });
        }),
      );
      await sleep(200);
    }
  })();
  const exports: string[] = [];
  const exportLoop = async () => {
    while (!stopping) {
      const posted = await fetch(`${base}${EXPORT_PATHS.jobs()}`, {
        method: 'POST',
        headers: headersOf(token),
        body: JSON.stringify({ query: EXPORT }),
      });
      if (posted.status >= 300) {
        exports.push(`POST ${posted.status}`);
        await sleep(1000);
        continue;
      }
      const { id } = exportJobSchema.parse(await posted.json());
      for (;;) {
        await sleep(1000);
        const job = exportJobSchema.parse(
          await (await fetch(`${base}${EXPORT_PATHS.job(id)}`, { headers: headersOf(token) })).json(),
        );
        if (!['queued', 'running'].includes(job.status)) {
          exports.push(job.status);
          break;
        }
      }
    }
  };
  const exportLoops = [exportLoop(), exportLoop()];
  // One upload at a time, again and again: a new file each time (a tx_ref already loaded would be a rejected row).
  const uploads: { outcome: string; seconds: number }[] = [];
  const uploadLoop = (async () => {
    for (let turn = 0; !stopping; turn++) {
      const file = join(uploadDir, `transactions-${turn}.csv`);
      const rows = await writeTransactionsFile(file, mids, UPLOAD_MB, `LOAD-${turn}-`);
      const started = performance.now();
      try {
        const id = await sendTransactionsByTus(base, uploaderToken!, file, statSync(file).size);
        for (;;) {
          await sleep(1000);
          const upload = uploadSchema.parse(
            await (await fetch(`${base}${UPLOAD_PATHS.upload(id)}`, { headers: headersOf(uploaderToken!) })).json(),
          );
          if (['receiving', 'uploaded', 'validating', 'loading'].includes(upload.status)) continue;
          const outcome =
            upload.status === 'failed'
              ? `failed (${upload.failure})`
              : upload.status === 'done' && upload.rows_loaded !== rows
                ? `done with ${rows - (upload.rows_loaded ?? 0)} of ${rows} rows not loaded`
                : upload.status;
          uploads.push({
            outcome,
            seconds: (performance.now() - started) / 1000,
          });
          break;
        }
      } catch (error) {
        // tus-js-client's error names the status the API answered (or none: the connection failed).
        const status = /response code: (\d+)/.exec(String(error))?.[1];
        uploads.push({ outcome: `tus ${status ?? 'error'}`, seconds: (performance.now() - started) / 1000 });
        await sleep(1000);
      } finally {
        rmSync(file, { force: true });
      }
    }
  })();
  await sleep(2000);

  const steps: { n: number; latencies: number[]; statuses: number[] }[] = [];
  for (const n of STEPS) {
    progress(`${n} analyst${n === 1 ? '' : 's'} beside the heavy user, two exports and an upload, ${SECONDS} s`);
    steps.push({ n, ...(await analysts(n)) });
  }
  stopping = true;
  progress('waiting for the heavy questions, exports and upload under way');
  await Promise.all([heavyLoop, ...exportLoops, uploadLoop]);

  const idleP99 = percentile(idle.latencies, 0.99);
  console.log(
    `bench:load — SF ${process.env.BENCH_SF ?? 1} (generated in ${generateSeconds.toFixed(0)} s), ${availableParallelism()} cores, load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
  );
  console.log(
    `light: dashboard questions from the rollup, four per batch, one batch at a time per analyst, none cached; heavy: ${HEAVY_QUESTION.dimensions!.length} dimensions by day, ${HEAVY_QUESTION.measures!.length} measures, five at once; exports: two at a time; uploads: one at a time, ${UPLOAD_MB} MB of transactions each\n`,
  );
  console.log(
    table(
      [
        'analysts',
        'light batches (4 questions each)',
        'p50 ms',
        'p99 ms',
        'p99 ÷ idle p99',
        'light errors (0: none within 30 s; -1: none by the phase’s end)',
      ],
      [
        [
          'idle baseline (1, nothing else)',
          String(idle.latencies.length),
          percentile(idle.latencies, 0.5).toFixed(0),
          idleP99.toFixed(0),
          '1.0×',
          countBy(idle.statuses.filter((status) => status !== 200)) || 'none',
        ],
        ...steps.map(({ n, latencies, statuses }) => [
          String(n),
          String(latencies.length),
          percentile(latencies, 0.5).toFixed(0),
          percentile(latencies, 0.99).toFixed(0),
          `${(percentile(latencies, 0.99) / idleP99).toFixed(1)}×`,
          countBy(statuses.filter((status) => status !== 200)) || 'none',
        ]),
      ],
    ),
  );
  const heavySlowest = Math.max(...heavy.map((answer) => answer.ms));
  console.log(
    `\nheavy: ${heavy.length} questions: ${countBy(heavy.map((answer) => answer.status))}; slowest answer or refusal ${(heavySlowest / 1000).toFixed(1)} s (limit ${LIMIT_MS / 1000} s)`,
  );
  console.log(`exports: ${exports.length} finished: ${countBy(exports) || 'none'}`);
  const uploadSeconds = uploads.map((upload) => upload.seconds);
  console.log(
    `uploads: ${uploads.length} finished: ${countBy(uploads.map((upload) => upload.outcome)) || 'none'}${uploads.length ? `; tus to the end p50 ${percentile(uploadSeconds, 0.5).toFixed(1)} s, slowest ${Math.max(...uploadSeconds).toFixed(1)} s` : ''}`,
  );
  const within = steps.filter((step) => percentile(step.latencies, 0.99) < TARGET.lightP99Ms);
  const largest = within.length ? Math.max(...within.map((step) => step.n)) : 0;
  console.log(
    `largest N with light p99 < ${TARGET.lightP99Ms} ms: ${largest || 'none of those tried'} (tried ${STEPS.join(', ')})`,
  );

  const first = steps[0]!;
  const firstP99 = percentile(first.latencies, 0.99);
  const server500 = [
    ...idle.statuses,
    ...steps.flatMap((step) => step.statuses),
    ...heavy.map((answer) => answer.status),
  ].filter((status) => status >= 500 && status !== 504).length;
  const checks: [string, boolean, string][] = [
    [
      `light p99 ≤ ${TARGET.lightP99Ms} ms beside the heavy user (N = ${first.n})`,
      firstP99 <= TARGET.lightP99Ms,
      `${firstP99.toFixed(0)} ms`,
    ],
    [
      `light p99 ≤ ${TARGET.idleFactor}× the idle p99 (N = ${first.n})`,
      firstP99 <= TARGET.idleFactor * idleP99,
      `${(firstP99 / idleP99).toFixed(1)}×`,
    ],
    [
      `every heavy question answered or refused within ${LIMIT_MS / 1000} s + 1 s`,
      heavySlowest <= LIMIT_MS + TARGET.heavySlackMs,
      `${(heavySlowest / 1000).toFixed(1)} s`,
    ],
    [
      'no 500 of any class',
      server500 === 0 &&
        !exports.some((outcome) => outcome === 'failed' || outcome.startsWith('POST 5')) &&
        !uploads.some(({ outcome }) => outcome.startsWith('failed') || outcome.startsWith('tus 5')),
      `${server500} answers ≥ 500 (504 aside)`,
    ],
  ];
  console.log(
    `\n${table(
      ['target', 'met', 'measured'],
      checks.map(([name, met, measured]) => [name, met ? 'yes' : 'NO', measured]),
    )}`,
  );
  process.exitCode = checks.every(([, met]) => met) ? 0 : 1;
} finally {
  server.stdin!.end();
  rmSync(uploadDir, { recursive: true, force: true });
}
