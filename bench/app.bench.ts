// bench:app: what /auth costs a person opening it. Prints the gzip size of the JavaScript and CSS that
// finished loading before the sign-in form was usable (what a person waits for), each file with its time
// beside the form's, and what finished after it (the identity SDK among them), then the time from
// navigation to an interactive form in headless Chromium (median of BENCH_RUNS cold loads), beside
// baselines measured in the same run: the entry chunk every route shares, and the same document with its
// scripts blocked (HTML and CSS from this server: the floor no script can beat).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';
import { ensureBuilt } from '../scripts/build.ts';
import { startStack } from '../scripts/stack.ts';
import { readStackConfig } from '../scripts/stackConfig.ts';
import { recordResult } from './recordResult.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 21000);
/** /auth waits for at most 110 KB gzip and is interactive within 400 ms; the run fails above either. */
const BUDGET_KB = 110;
const BUDGET_MS = 400;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Asset[]) => files.reduce((total, file) => total + file.bytes, 0);

interface Asset {
  /** the file's path on the server, e.g. /assets/firebase-Ab12.js */
  name: string;
  /** gzip bytes of its body */
  bytes: number;
  /** ms from navigation start to its last byte (resource timing's responseEnd) */
  finishedMs: number;
}

interface Load {
  /** ms from navigation start to the Sign In button and the Email field being usable. */
  interactiveMs: number;
  /** every script and stylesheet that finished before the form was usable, earliest first. */
  before: Asset[];
  /** those that finished after it, until the page's network went quiet. */
  after: Asset[];
}

async function loadAuth(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(); // cold cache each time
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const sizes = new Map<string, number>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => void sizes.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'commit' });
  // Measured inside the page (performance.now() counts from navigation start), checked every frame.
  const handle = await page.waitForFunction(
    () => {
      const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Sign In');
      const email = document.querySelector('input[name="email"]');
      return button && !button.hasAttribute('disabled') && email ? performance.now() : 0;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const interactiveMs = (await handle.jsonValue()) as number;
  // What the page fetches behind the form (the identity SDK) is timed too, once it has all arrived.
  await page.waitForLoadState('networkidle');
  const finished = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      name: new URL(entry.name).pathname,
      finishedMs: (entry as PerformanceResourceTiming).responseEnd,
    })),
  );
  await Promise.all(pending);
  await context.close();
  const assets = finished
    .filter((entry) => sizes.has(entry.name))
    .map((entry) => ({ ...entry, bytes: sizes.get(entry.name)! }))
    .sort((a, b) => a.finishedMs - b.finishedMs);
  return {
    interactiveMs,
    before: assets.filter((asset) => asset.finishedMs <= interactiveMs),
    after: assets.filter((asset) => asset.finishedMs > interactiveMs),
  };
}

async function loadDocumentOnly(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(url, { waitUntil: 'load' });
  const ms = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
  );
  await context.close();
  return ms;
}

ensureBuilt((line) => console.log(line));
const dataDir = mkdtempSync(join(tmpdir(), 'payportal-bench-app-'));
const ports = {
  AUTH_EMULATOR_PORT: 9099,
  EMULATOR_HUB_PORT: 4400,
  EMULATOR_LOGGING_PORT: 4500,
  API_PORT: 8787,
  DEMO_PORT: 8790,
};
const stack = await startStack(
  readStackConfig({
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port + OFFSET)])),
    DATA_DIR: dataDir,
  }),
  { log: () => undefined, verbose: false },
);
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
try {
  const url = `${stack.urls.app}/auth`;
  await loadAuth(browser, url); // warm the server and the OS file cache, not the browser's
  const loads: Load[] = [];
  const floors: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    floors.push(await loadDocumentOnly(browser, url));
    loads.push(await loadAuth(browser, url));
    console.log(
      `run ${run}: document alone ${floors.at(-1)!.toFixed(0)} ms, /auth interactive ${loads.at(-1)!.interactiveMs.toFixed(0)} ms`,
    );
  }
  // The load with the median time to an interactive form: its files and times are the ones printed.
  const load = [...loads].sort((a, b) => a.interactiveMs - b.interactiveMs)[Math.floor(loads.length / 2)]!;
  const interactive = load.interactiveMs;
  const total = sum(load.before);
  const entry = sum(load.before.filter((asset) => /\/index-[^/]+\.(js|css)$/.test(asset.name)));
  const sdk = load.after.filter((asset) => /\/firebase-[^/]+\.js$/.test(asset.name));
  const floor = [...floors].sort((a, b) => a - b)[Math.floor(floors.length / 2)]!;
  const timed = (asset: Asset) => {
    const offset = asset.finishedMs - interactive;
    return `      ${asset.name.padEnd(48)} ${kb(asset.bytes).padStart(8)}   finished ${asset.finishedMs.toFixed(0).padStart(5)} ms (${offset <= 0 ? '' : '+'}${offset.toFixed(0)} ms beside the form)`;
  };
  console.log(
    `\nbench:app, /auth in headless Chromium, the median of ${RUNS} cold loads (form usable at ${interactive.toFixed(0)} ms)`,
  );
  console.log(`  gzip JS + CSS finished before the form was usable   ${kb(total)}   (target ≤ ${BUDGET_KB} KB)`);
  console.log(`    baseline: entry chunk every route loads          ${kb(entry)}   (/auth adds ${kb(total - entry)})`);
  for (const asset of load.before) console.log(timed(asset));
  console.log(`  finished after the form was usable                 ${kb(sum(load.after))}`);
  for (const asset of load.after) console.log(timed(asset));
  if (sdk.length === 0)
    console.log('    the identity SDK (firebase-*.js) did not finish after the form: see the list above');
  console.log(
    `  navigation → interactive sign-in form               ${interactive.toFixed(0)} ms   (target ≤ ${BUDGET_MS} ms)`,
  );
  console.log(
    `    baseline: the document with scripts blocked      ${floor.toFixed(0)} ms   (scripts add ${(interactive - floor).toFixed(0)} ms)`,
  );
  const sdkFigure = sdk.length
    ? `SDK ${kb(sum(sdk))} after it (+${(Math.max(...sdk.map((asset) => asset.finishedMs)) - interactive).toFixed(0)} ms)`
    : 'SDK not after it';
  recordResult({
    bench: 'app',
    figures: `${kb(total)} gzip before the form is usable (entry ${kb(entry)}), ${sdkFigure}; interactive ${interactive.toFixed(0)} ms beside the scriptless document's ${floor.toFixed(0)} ms`,
    targets: {
      [`≤ ${BUDGET_KB} KB`]: total <= BUDGET_KB * 1024,
      'SDK after the form': sdk.length > 0,
      [`≤ ${BUDGET_MS} ms`]: interactive <= BUDGET_MS,
    },
  });
  if (total > BUDGET_KB * 1024 || sdk.length === 0 || interactive > BUDGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
