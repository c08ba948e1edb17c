// bench:embed: the SDK's size per build (min+gzip; it bundles nothing) beside comlink alone,
// and the time from mountPortal() to `ready` in headless Chromium, cold (new browser context) and warm
// (same context, remounted), beside a baseline measured in the same run: a bare <iframe> of the same
// portal URL until its load event. Runs the whole stack on its own ports (offset 21000).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { transformSync } from 'esbuild';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';
import type * as EmbedSdk from '../packages/embed-sdk/src/index.ts';
import { buildIsCurrent, buildAll } from '../scripts/build.ts';
import { startStack } from '../scripts/stack.ts';
import { benchStackConfig, partnerIdToken } from './benchStack.ts';
import { repoRoot } from '../scripts/stackConfig.ts';
import { recordResult } from './recordResult.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** every fix stays inside 3.6 KB min+gzip for the ESM build; the run fails above it. */
const ESM_BUDGET = 3.6 * 1024;
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 21000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const minGzip = (code: string) =>
  gzipSync(transformSync(code, { minify: true, format: 'esm' }).code, { level: 9 }).length;

if (!buildIsCurrent()) buildAll();
const dist = join(repoRoot, 'packages/embed-sdk/dist');
const esm = minGzip(readFileSync(join(dist, 'index.js'), 'utf8'));
const iife = minGzip(readFileSync(join(dist, 'payportal-embed.iife.js'), 'utf8'));
const comlink = minGzip(readFileSync(join(repoRoot, 'node_modules/comlink/dist/esm/comlink.mjs'), 'utf8'));

const dataDir = mkdtempSync(join(tmpdir(), 'payportal-bench-embed-'));
const stack = await startStack(benchStackConfig(OFFSET, dataDir), { log: () => undefined, verbose: false });
const { urls } = stack;
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });

try {
  const idToken = await partnerIdToken(urls);

  /** Milliseconds from mountPortal() to ready (or from appending a bare iframe to its load event). */
  const measure = async (context: BrowserContext, bare: boolean): Promise<number> => {
    const page = context.pages()[0] ?? (await context.newPage());
    if (!page.url().startsWith(urls.demo)) {
      // tsx compiles this file with esbuild's keepNames, which wraps functions in `__name(...)`; the
      // function handed to page.evaluate below runs in the page, where that helper does not exist.
      await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
      await page.goto(`${urls.demo}/script-tag.html`);
    }
    return page.evaluate(
      async ({ src, token, bare }) => {
        document.querySelectorAll('iframe').forEach((frame) => frame.remove());
        const started = performance.now();
        if (bare) {
          const iframe = document.createElement('iframe');
          iframe.src = src;
          const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
          document.body.append(iframe);
          await loaded;
          return performance.now() - started;
        }
        const sdk = (window as unknown as { PayPortal: typeof EmbedSdk }).PayPortal;
        const portal = sdk.mountPortal({
          container: '#slot',
          src,
          getToken: async () => token,
          user: { email: 'partner@acme.example', name: 'Paula Partner' },
        });
        await portal.ready;
        const elapsed = performance.now() - started;
        portal.destroy();
        return elapsed;
      },
      { src: urls.app, token: idToken, bare },
    );
  };

  const results: Record<string, number[]> = {
    'bare iframe, cold': [],
    'mountPortal → ready, cold': [],
    'bare iframe, warm': [],
    'mountPortal → ready, warm': [],
  };
  for (let run = 0; run < RUNS; run++) {
    for (const bare of [true, false]) {
      const cold = await browser.newContext();
      results[`${bare ? 'bare iframe' : 'mountPortal → ready'}, cold`]!.push(await measure(cold, bare));
      await cold.close();
    }
  }
  const warm = await browser.newContext();
  await measure(warm, true);
  for (let run = 0; run < RUNS; run++) {
    results['bare iframe, warm']!.push(await measure(warm, true));
    results['mountPortal → ready, warm']!.push(await measure(warm, false));
  }

  console.log('bench:embed');
  console.log(
    `  SDK size, min+gzip (no dependencies: it speaks comlink's wire format itself; baseline comlink alone ${kb(comlink)})`,
  );
  console.log(`    ESM   ${kb(esm)}   (budget ≤ ${kb(ESM_BUDGET)}; penpal 3.40 KB)`);
  console.log(`    IIFE  ${kb(iife)}`);
  console.log(`  time on localhost, headless Chromium, median of ${RUNS} (host 127.0.0.1, portal localhost)`);
  const readyFigures: string[] = [];
  let warmReady = Infinity;
  for (const kind of ['cold', 'warm']) {
    const bare = median(results[`bare iframe, ${kind}`]!);
    const ready = median(results[`mountPortal → ready, ${kind}`]!);
    console.log(
      `    ${kind}: baseline bare iframe load ${bare.toFixed(0)} ms; mountPortal → ready ${ready.toFixed(0)} ms (${(ready / bare).toFixed(2)}× the baseline${kind === 'warm' ? '; target < 500 ms' : ''})`,
    );
    readyFigures.push(`ready ${kind} ${ready.toFixed(0)} ms (bare ${bare.toFixed(0)} ms)`);
    if (kind === 'warm') warmReady = ready;
  }
  recordResult({
    bench: 'embed',
    figures: `ESM ${kb(esm)}, IIFE ${kb(iife)} (comlink alone ${kb(comlink)}); ${readyFigures.join(', ')}`,
    targets: { 'ESM ≤ 3.6 KB': esm <= ESM_BUDGET, 'ready < 500 ms warm': warmReady < 500 },
  });
  if (esm > ESM_BUDGET) process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
