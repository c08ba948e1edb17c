// bench:disputes-page: the dispute desk's queue framed: in headless Chromium inside the partner
// demo's frame, navigation to /disputes → every row of the first "Needs response" page drawn, timed by the
// pages themselves, median of BENCH_RUNS (5), beside the same page's API call in the same run. The API
// keeps no answers (ANALYTICS_CACHE_ENTRIES=0), so every run asks the engine. Target: ≤ 1.5 s; the exit
// code is 1 when missed. Knobs: BENCH_SF (10), BENCH_RUNS, BENCH_PORT_OFFSET, BENCH_DATA_DIR (reuse a dataset),
// BENCH_DATASETS (Acme's dataset copied from the folder bench:disputes shares, benchDataset.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { DISPUTE_PATHS, disputeQueuePageSchema } from '@payportal/shared/disputes';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';
import { buildAll, buildIsCurrent } from '../scripts/build.ts';
import { startStack } from '../scripts/stack.ts';
import { mountPartnerFrame, timeFramedNavigation } from './benchFrame.ts';
import { benchStackConfig, generateBenchData, partnerIdToken } from './benchStack.ts';
import { loadAverage, progress } from './benchSupport.ts';
import { recordResult } from './recordResult.ts';

const SF = Number(process.env.BENCH_SF ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 24000);
const TARGET_MS = 1500;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const loadAtStart = loadAverage();

if (!buildIsCurrent()) buildAll();
Object.assign(process.env, {
  DEMO_DATA_SCALE: String(SF),
  ANALYTICS_CACHE_ENTRIES: '0',
  ANALYTICS_TIMEOUT_MS: '120000',
});
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'payportal-bench-disputes-page-'));
progress(`SF ${SF} generated in ${(await generateBenchData(dataDir, SF)).toFixed(1)} s`);
const stack = await startStack(benchStackConfig(OFFSET, dataDir), { log: progress, verbose: false });
const { urls } = stack;
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
let missed = true;

try {
  const idToken = await partnerIdToken(urls);
  const queueUrl = `${urls.app}${DISPUTE_PATHS.queue({ tab: 'needs_response', sort: 'due_date', order: 'asc' })}`;
  const apiTime = async () => {
    const begun = performance.now();
    const response = await fetch(queueUrl, { headers: { authorization: `Bearer ${idToken}` } });
    if (!response.ok) throw new Error(`the queue answered ${response.status}: ${await response.text()}`);
    const page = disputeQueuePageSchema.parse(await response.json());
    return { ms: performance.now() - begun, rows: page.items.length };
  };
  const { rows } = await apiTime();
  progress(`the first "Needs response" page holds ${rows} rows`);

  const { page, frame } = await mountPartnerFrame(browser, urls, idToken);
  /** Navigation → every row of the page drawn. */
  const navigation = () =>
    timeFramedNavigation(
      page,
      frame,
      '/disputes',
      (expected) =>
        location.pathname === '/disputes' &&
        document.querySelectorAll('table[aria-label="Disputes"] tbody tr').length === expected,
      rows,
    );

  await apiTime();
  await navigation();
  const times = { page: [] as number[], api: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    times.api.push((await apiTime()).ms);
    times.page.push(await navigation());
  }
  const pageMs = median(times.page);
  const apiMs = median(times.api);
  missed = pageMs > TARGET_MS;
  console.log(`bench:disputes-page, SF ${SF}, ${RUNS} runs, load ${loadAtStart} at start, ${loadAverage()} at end`);
  console.log(
    `  navigation → ${rows} rows drawn: median ${pageMs.toFixed(0)} ms (runs ${times.page.map((t) => t.toFixed(0)).join(', ')}); target ≤ ${TARGET_MS} ms ${missed ? 'MISSED' : 'met'}`,
  );
  console.log(`  the page's API call: median ${apiMs.toFixed(0)} ms`);
  recordResult({
    bench: 'disputes-page',
    figures: `SF ${SF}, load ${loadAtStart} at start: /disputes framed, ${rows} rows drawn ${pageMs.toFixed(0)} ms beside the queue call ${apiMs.toFixed(0)} ms (${(pageMs / apiMs).toFixed(2)}×)`,
    targets: { [`≤ ${TARGET_MS} ms`]: !missed },
  });
} finally {
  await browser.close();
  await stack.stop();
  if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(missed ? 1 : 0);
