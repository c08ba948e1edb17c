// bench:upload: a generated transactions file (BENCH_UPLOAD_MB, default 200 MB: a few minutes
// on a shared 2-core machine; the issue's 1 GB is BENCH_UPLOAD_MB=1024) sent through the API's tus
// endpoint with tus-js-client, validated and loaded (created → done), end to end in MB/s, beside
// DuckDB's read_csv of the same file alone on the API's instance in the same run (after the upload, so it
// does not inflate the RSS the growth is measured against), beside the floor of any load (the rows alone
// inserted into transactions, rolled back); and the API process's
// peak RSS growth meanwhile (sampled from /proc every 20 ms, against its RSS just before), also by phase. The phases
// after the last byte: uploaded (SHA-256, head check), validating (read_csv and the checks), loading
// (insert, rollup of the merchants touched, commit).
// Targets: the work after the last byte (validation and load) ≤ 1.5× the floor measured in the same
// run; RSS growth < 150 MB (the figure that counts is at 1 GB). The end to end rate ÷ read_csv is printed
// beside them. The run is appended to bench/RESULTS.md; the exit code is 1 when a target is missed.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_PATHS, uploadSchema, type Upload } from '@payportal/shared/uploads';
import { table } from './analyticsMeasure.ts';
import { recordResult } from './recordResult.ts';
import { sendTransactionsByTus, writeTransactionsFile } from './transactionsUpload.ts';
import { progress, loadAverage, rssOf, mb, sleep } from './benchSupport.ts';
import { startBenchServer } from './benchServer.ts';

const MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const TARGET = { floorRatio: 1.5, rssMb: 150 };
const loadAtStart = loadAverage();
const dir = mkdtempSync(join(tmpdir(), 'payportal-bench-upload-file-'));
const file = join(dir, 'transactions.csv');

const { server, ask } = startBenchServer(new URL('./uploadBenchServer.ts', import.meta.url));

try {
  progress('starting the API (SF 0.1 for Acme)');
  const { port, token, mids } = await ask<{ port: number; token: string; mids: string[] }>();
  const base = `http://127.0.0.1:${port}`;
  progress(`writing a ${MB} MB transactions file`);
  const rows = await writeTransactionsFile(file, mids, MB);
  const size = statSync(file).size;

  const rssBefore = rssOf(server.pid!);
  let rssPeak = rssBefore;
  // The peak by phase too (the phase last seen by the poll below): where the memory goes.
  let currentPhase = 'receiving';
  const phasePeaks = new Map<string, number>();
  const sampler = setInterval(() => {
    const rss = rssOf(server.pid!);
    rssPeak = Math.max(rssPeak, rss);
    phasePeaks.set(currentPhase, Math.max(phasePeaks.get(currentPhase) ?? rss, rss));
  }, 20);
  progress('tus upload, validation and load through the API');
  const started = performance.now();
  const id = await sendTransactionsByTus(base, token, file, size);
  const sentMs = performance.now() - started;
  let done: Upload;
  // When each phase was first seen (polled every 50 ms): where the time after the last byte goes.
  const phases = new Map<string, number>();
  for (;;) {
    const response = await fetch(`${base}${UPLOAD_PATHS.upload(id)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    done = uploadSchema.parse(await response.json());
    if (!phases.has(done.status)) phases.set(done.status, performance.now());
    currentPhase = done.status;
    if (!['receiving', 'uploaded', 'validating', 'loading'].includes(done.status)) break;
    await sleep(50);
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  if (done.status !== 'done' || done.rows_loaded !== rows)
    throw new Error(`the upload ended ${done.status} with ${done.rows_loaded} of ${rows} rows: ${done.failure}`);

  // The baseline after the upload, so the RSS growth above is against the API as it was before any of this file was read.
  progress('DuckDB read_csv of the file alone');
  const bare = await ask<{ ms: number; rows: number }>(`readcsv ${file}`);
  progress('the rows alone inserted into transactions (rolled back)');
  const floor = await ask<{ ms: number; rows: number }>(`bareinsert ${file}`);
  if (floor.rows !== rows) throw new Error(`the bare insert took ${floor.rows} of ${rows} rows`);

  const mbps = (ms: number) => size / 2 ** 20 / (ms / 1000);
  const ratio = mbps(totalMs) / mbps(bare.ms);
  const growth = rssPeak - rssBefore;
  // Everything the API does once the bytes are there: SHA-256 and head check (taken as they arrive), validation, load.
  const afterBytesMs = totalMs - sentMs;
  const loadingMs = (phases.get(done.status) ?? 0) - (phases.get('loading') ?? 0);
  const floorRatio = afterBytesMs / floor.ms;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `bench:upload — ${mb(size)} (${rows.toLocaleString('en-US')} rows), ${availableParallelism()} cores, load average at start ${loadAtStart}, at the end ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    table(
      ['measure', 'value', 'target'],
      [
        ['end to end (tus + validation + load)', `${mbps(totalMs).toFixed(1)} MB/s (${seconds(totalMs)})`, ''],
        ['  of which tus upload', `${mbps(sentMs).toFixed(1)} MB/s (${seconds(sentMs)})`, ''],
        ...(['uploaded', 'validating', 'loading'] as const).map((phase, index, all) => {
          const from = phases.get(phase);
          const to = phases.get(all[index + 1] ?? done.status);
          return [`  of which ${phase}`, from && to ? seconds(to - from) : '—', ''];
        }),
        [
          'the floor: the rows alone into transactions (no checks, no fees; rolled back), same run',
          `${mbps(floor.ms).toFixed(1)} MB/s (${seconds(floor.ms)})`,
          '',
        ],
        [
          'validation + load (after the last byte) ÷ the floor',
          `${floorRatio.toFixed(2)}× (${seconds(afterBytesMs)} beside ${seconds(floor.ms)})`,
          `≤ ${TARGET.floorRatio}×`,
        ],
        ['  the loading phase alone ÷ the floor', loadingMs > 0 ? `${(loadingMs / floor.ms).toFixed(2)}×` : '—', ''],
        ['DuckDB read_csv alone, same file', `${mbps(bare.ms).toFixed(1)} MB/s (${seconds(bare.ms)})`, ''],
        ['end to end ÷ read_csv', `${ratio.toFixed(2)}×`, ''],
        ['API peak RSS growth', mb(growth), `< ${TARGET.rssMb} MB`],
        ['  by phase', [...phasePeaks].map(([name, peak]) => `${name} ${mb(peak - rssBefore)}`).join(', '), ''],
      ],
    ),
  );
  const targets = {
    [`validation + load ≤ ${TARGET.floorRatio}× the floor`]: floorRatio <= TARGET.floorRatio,
    [`RSS growth < ${TARGET.rssMb} MB`]: growth < TARGET.rssMb * 2 ** 20,
  };
  recordResult({
    bench: 'upload',
    figures:
      `${mb(size)} (${rows.toLocaleString('en-US')} rows): validation + load ${seconds(afterBytesMs)} beside the floor ${seconds(floor.ms)} (${floorRatio.toFixed(2)}×; loading phase ${loadingMs > 0 ? `${(loadingMs / floor.ms).toFixed(2)}×` : '—'}); ` +
      `end to end ${seconds(totalMs)} (tus ${seconds(sentMs)}) beside read_csv ${seconds(bare.ms)} (${ratio.toFixed(2)}×); RSS growth ${mb(growth)}`,
    targets,
  });
  if (!Object.values(targets).every(Boolean)) process.exitCode = 1;
} finally {
  server.stdin!.end();
  await once(server, 'exit').catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
