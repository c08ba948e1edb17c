// bench:app: what /auth costs a person opening it. Prints the gzip size of the JavaScript
// and CSS the page loads before the sign-in form is usable, and the time from navigation to an
// interactive form in headless Chromium (median of BENCH_RUNS cold loads), beside baselines measured
// in the same run: the entry chunk every route shares, and the same document with its scripts blocked
// (HTML and CSS from this server: the floor no script can beat).
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
/** /auth loads at most 120 KB gzip and is interactive within 400 ms; the run fails above either. */
const BUDGET_KB = 120;
const BUDGET_MS = 400;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Load {
  /** ms from navigation start to the Sign In button and the Email field being usable. */
  interactiveMs: number;
  /** gzip bytes of every script and stylesheet fetched by then, by file name. */
  assets: Map<string, number>;
}

async function loadAuth(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(); // cold cache each time
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const assets = new Map<string, number>();
  // Responses are read until the test sees the form usable; those the page asked for later are then
  // dropped (below), and a body still unread at close is dropped too.
  let measuring = true;
  page.on('response', (response) => {
    if (!measuring) return;
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => void assets.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length))
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
  measuring = false;
  // Only what the page asked for before the form was usable counts: the Firebase SDK, fetched right
  // after /auth is drawn, can arrive before this test sees the form (its polling lags), and is not part of it.
  const askedBefore = new Set(
    await page.evaluate(
      (until) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= until)
          .map((entry) => new URL(entry.name).pathname),
      interactiveMs,
    ),
  );
  await Promise.all(pending);
  await context.close();
  for (const name of [...assets.keys()]) if (!askedBefore.has(name)) assets.delete(name);
  return { interactiveMs, assets };
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
  const assets = loads.at(-1)!.assets;
  const total = [...assets.values()].reduce((sum, bytes) => sum + bytes, 0);
  const entry = [...assets]
    .filter(([name]) => /\/index-[^/]+\.(js|css)$/.test(name))
    .reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`\nbench:app, /auth in headless Chromium, median of ${RUNS} cold loads`);
  console.log(`  gzip JS + CSS loaded before the form is usable   ${kb(total)}   (target ≤ ${BUDGET_KB} KB)`);
  console.log(`    baseline: entry chunk every route loads        ${kb(entry)}   (/auth adds ${kb(total - entry)})`);
  for (const [name, bytes] of [...assets].sort((a, b) => b[1] - a[1]))
    console.log(`      ${name.padEnd(48)} ${kb(bytes)}`);
  const interactive = median(loads.map((load) => load.interactiveMs));
  const floor = median(floors);
  console.log(
    `  navigation → interactive sign-in form             ${interactive.toFixed(0)} ms   (target ≤ ${BUDGET_MS} ms)`,
  );
  console.log(
    `    baseline: the document with scripts blocked    ${floor.toFixed(0)} ms   (scripts add ${(interactive - floor).toFixed(0)} ms)`,
  );
  recordResult({
    bench: 'app',
    figures: `${kb(total)} gzip (entry ${kb(entry)}); interactive ${interactive.toFixed(0)} ms beside the scriptless document's ${floor.toFixed(0)} ms`,
    targets: { [`≤ ${BUDGET_KB} KB`]: total <= BUDGET_KB * 1024, [`≤ ${BUDGET_MS} ms`]: interactive <= BUDGET_MS },
  });
  if (total > BUDGET_KB * 1024 || interactive > BUDGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
