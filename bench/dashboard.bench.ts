// bench:dashboard: the seeded Portfolio overview (8 charts, SF 1) in headless Chromium.
// Prints navigation → every chart drawn (median of BENCH_RUNS cold loads: a new browser context each
// time, signed in from a saved session, HTTP cache empty), beside the time of the same queries the page
// asked, sent as the page sends them (the same batches to POST /api/analytics/v1/batch, in parallel,
// each read to its last NDJSON line) on the API over HTTP in the same run (median of as many turns); and the
// gzip size of the JavaScript the dashboard route loads, beside the entry chunk every route shares.
// Then a warm navigation: after each cold load, in the same page (signed in, app and ECharts loaded), the
// app's own route change (history.pushState, what its links do) to the seeded Authorisation dashboard,
// navigation → every chart of it drawn, beside its questions on the API in the same way.
// The API caches answers per organisation and question, so each turn, on both sides, asks questions
// never asked before: the dashboard filter "region in (all four regions)", in an order of its own,
// changes every description but no figure (24 orders: BENCH_RUNS at most 5). The ratio is then what the
// browser, the app and ECharts add to the queries themselves. Exit 1 above a target. Knobs: BENCH_RUNS,
// BENCH_PORT_OFFSET, BENCH_DATA_DIR (reuse a generated dataset).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dashboardListSchema } from '@payportal/shared/dashboards';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';
import { ensureBuilt } from '../scripts/build.ts';
import { startStack } from '../scripts/stack.ts';
import { benchStackConfig, generateBenchData } from './benchStack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 22000);
const TARGET_MS = 1500;
const TARGET_RATIO = 1.3;
/** The dashboard the warm navigation goes to from the Portfolio overview. */
const NEXT_DASHBOARD = 'Authorisation';
const BUDGET_KB = 250;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (met: boolean) => (met ? 'met' : 'missed');

interface Load {
  drawnMs: number;
  /** Where the time went: ms from navigation start to each milestone (resource timing). */
  milestones: Record<string, number>;
  scripts: Map<string, number>;
  /** The page's batch bodies, { queries: [description, …] }, as sent. */
  batches: string[];
  authorization: string;
}
/** A cold load whose page stays open for a warm navigation; `batches` keeps collecting what the page sends. */
interface Visit {
  load: Load;
  context: BrowserContext;
  page: Page;
}
interface Navigation {
  drawnMs: number;
  milestones: Record<string, number>;
  batches: string[];
}

const REGIONS = ['Northeast', 'Midwest', 'South', 'West'];
/** The n-th ordering of the four regions (24 in all): a filter that keeps every row, new to the cache each time. */
function regionOrder(n: number): string[] {
  const left = [...REGIONS];
  const order: string[] = [];
  for (let base = 6; left.length; base = left.length > 1 ? base / left.length : 1) {
    order.push(left.splice(Math.floor(n / base) % left.length, 1)[0]!);
  }
  return order;
}
const ORDERS = 24;
let ordersUsed = 0;
/** A region order not used before in this run: every question it filters is new to the cache. */
function freshRegions(): string[] {
  if (ordersUsed === ORDERS)
    throw new Error(`every one of the ${ORDERS} orders of the regions is used: lower BENCH_RUNS`);
  return regionOrder(ordersUsed++);
}
const BATCH_PATH = '/api/analytics/v1/batch';
type Description = { filters: object[] };
const descriptionsOf = (batch: string) => (JSON.parse(batch) as { queries: Description[] }).queries;
/** A batch body with the region filter of every description replaced. */
const withRegions = (batch: string, regions: string[]) =>
  JSON.stringify({
    queries: descriptionsOf(batch).map((query) => ({
      ...query,
      filters: [
        ...query.filters.filter((f) => (f as { member: string }).member !== 'region'),
        { member: 'region', operator: 'in', values: regions },
      ],
    })),
  });
const questionsIn = (batches: string[]) => batches.reduce((sum, batch) => sum + descriptionsOf(batch).length, 0);
/** Page and API turn asked the same questions, but for the regions' order (the API turn's, `apiRegions`). */
function assertSameQuestions(what: string, pageBatches: string[], apiBatches: string[], apiRegions: string[]) {
  const questions = (batches: string[]) =>
    batches
      .flatMap(descriptionsOf)
      .map((query) => JSON.stringify(query))
      .sort();
  const asked = questions(pageBatches.map((body) => withRegions(body, apiRegions)));
  if (JSON.stringify(asked) !== JSON.stringify(questions(apiBatches)))
    throw new Error(`${what}: the page asked other questions than the API turn did`);
}

/** The scripts a signed-in page of the shell loads (/home): what every route pays, not the dashboard. */
async function shellScripts(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
): Promise<Set<string>> {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const names = new Set<string>();
  page.on(
    'response',
    (response) => void (response.request().resourceType() === 'script' && names.add(new URL(response.url()).pathname)),
  );
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return names;
}

async function loadDashboard(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
): Promise<Visit> {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const batches: string[] = [];
  let authorization = '';
  page.on('request', (request) => {
    if (request.url().endsWith(BATCH_PATH)) {
      batches.push(request.postData() ?? '');
      authorization = request.headers().authorization ?? authorization;
    }
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => void scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const charts = document.querySelectorAll('[data-chart-state]');
      return charts.length === 8 && [...charts].every((chart) => chart.getAttribute('data-chart-state') === 'drawn')
        ? performance.now()
        : 0;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const drawnMs = (await handle.jsonValue()) as number;
  // A string: tsx would wrap named functions in a helper the page does not have.
  const milestones = (await page.evaluate(`(() => {
    const entries = performance.getEntriesByType('resource');
    const ends = (part) => Math.max(0, ...entries.filter((e) => e.name.includes(part)).map((e) => e.responseEnd));
    const starts = (part) => Math.min(...entries.filter((e) => e.name.includes(part)).map((e) => e.startTime));
    const queries = entries.filter((e) => e.name.endsWith('${BATCH_PATH}'));
    return {
      'entry JS loaded': ends('/assets/index-'),
      'Firebase SDK loaded': ends('/assets/firebase-'),
      'session asked (authenticate sent)': starts('/api/auth/v1/authenticate'),
      'dashboard asked': starts('/api/dashboards/v1/dashboards/'),
      'session (authenticate answered)': ends('/api/auth/v1/authenticate'),
      'dashboard answered': ends('/api/dashboards/v1/dashboards/'),
      'first batch sent': Math.min(...queries.map((e) => e.startTime)),
      'last batch answered': Math.max(...queries.map((e) => e.responseEnd)),
      'ECharts loaded': ends('/assets/echartsCore-'),
    };
  })()`)) as Record<string, number>;
  await Promise.all(pending);
  return { load: { drawnMs, milestones, scripts, batches, authorization }, context, page };
}

/**
 * In an open page, the app's own route change to another dashboard (wouter's links call history.pushState),
 * timed from that call to every chart of the dashboard titled `title` drawn (`charts` of them, none of the
 * page before left); with where the time went and the batches the page sent meanwhile.
 */
async function navigateTo(visit: Visit, path: string, title: string, charts: number): Promise<Navigation> {
  const { page, load } = visit;
  const sentBefore = load.batches.length;
  const startedMs = await page.evaluate((target) => {
    for (const chart of document.querySelectorAll('[data-chart-state]')) chart.setAttribute('data-bench-before', '');
    performance.clearResourceTimings();
    const started = performance.now();
    history.pushState(null, '', target);
    return started;
  }, path);
  const handle = await page.waitForFunction(
    ({ heading, count }) => {
      const drawn = document.querySelectorAll('[data-chart-state]');
      return [...document.querySelectorAll('h1')].some((h1) => h1.textContent === heading) &&
        !document.querySelector('[data-bench-before]') &&
        drawn.length === count &&
        [...drawn].every((chart) => chart.getAttribute('data-chart-state') === 'drawn')
        ? performance.now()
        : 0;
    },
    { heading: title, count: charts },
    { polling: 'raf', timeout: 60_000 },
  );
  const drawnMs = ((await handle.jsonValue()) as number) - startedMs;
  // A string, as in loadDashboard; ms from the route change.
  const milestones = (await page.evaluate(`(() => {
    const entries = performance.getEntriesByType('resource');
    const since = ${startedMs};
    const queries = entries.filter((e) => e.name.endsWith('${BATCH_PATH}'));
    const dashboard = entries.filter((e) => e.name.includes('/api/dashboards/v1/dashboards/'));
    return {
      'dashboard asked': Math.min(...dashboard.map((e) => e.startTime)) - since,
      'dashboard answered': Math.max(...dashboard.map((e) => e.responseEnd)) - since,
      'first batch sent': Math.min(...queries.map((e) => e.startTime)) - since,
      'last batch answered': Math.max(...queries.map((e) => e.responseEnd)) - since,
    };
  })()`)) as Record<string, number>;
  return { drawnMs, milestones, batches: load.batches.slice(sentBefore) };
}

async function apiTurn(app: string, authorization: string, batches: string[]): Promise<number> {
  const started = performance.now();
  await Promise.all(
    batches.map(async (body) => {
      const response = await fetch(`${app}${BATCH_PATH}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body,
      });
      if (!response.ok) throw new Error(`batch answered ${response.status}`);
      for (const line of (await response.text()).trim().split('\n'))
        if (!('result' in JSON.parse(line))) throw new Error(`a batch question answered ${line}`);
    }),
  );
  return performance.now() - started;
}

ensureBuilt((line) => console.log(line));
/** BENCH_DATA_DIR keeps the datasets (and portal database) for the next run; by default a fresh folder, removed after. */
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'payportal-bench-dashboard-'));
console.log(`SF 1 generated in ${(await generateBenchData(dataDir, 1)).toFixed(1)} s`);
// The e2e sign-in helper reads its stack's ports from E2E_PORT_OFFSET: set before it is imported.
process.env.E2E_PORT_OFFSET = String(OFFSET);
const stack = await startStack(benchStackConfig(OFFSET, dataDir), { log: (line) => console.log(line), verbose: false });
const { signIn } = await import('../e2e/support/signIn.ts');
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
try {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signIn(page, 'owner@acme.example', { stayLoggedIn: true });
  const list = page.waitForResponse((response) => response.url().includes('/api/dashboards/v1/dashboards/'));
  await page.goto(`${stack.urls.app}/dashboards`);
  const { dashboards } = dashboardListSchema.parse(await (await list).json());
  const overview = dashboards.find((dashboard) => dashboard.title === 'Portfolio overview')!;
  const next = dashboards.find((dashboard) => dashboard.title === NEXT_DASHBOARD)!;
  const storageState = await first.storageState({ indexedDB: true });
  await first.close();

  const search = (regions: string[]) => `?${regions.map((region) => `region=${region}`).join('&')}`;
  const url = (regions: string[]) => `${stack.urls.app}/dashboard/${overview.id}${search(regions)}`;
  const nextPath = (regions: string[]) => `/dashboard/${next.id}${search(regions)}`;
  // The OS file cache and the engine's, not the browser's or the answers'; and what each page asks.
  const warmVisit = await loadDashboard(browser, storageState, url(freshRegions()));
  // Copies: the page's batches and scripts keep being collected through the navigation after.
  const warm = { ...warmVisit.load, batches: [...warmVisit.load.batches] };
  const warmNavigation = await navigateTo(warmVisit, nextPath(freshRegions()), next.title, next.chart_count);
  await warmVisit.context.close();
  const loads: Load[] = [];
  const turns: number[] = [];
  const navigations: Navigation[] = [];
  const navigationTurns: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const apiRegions = freshRegions();
    const apiBatches = warm.batches.map((body) => withRegions(body, apiRegions));
    turns.push(await apiTurn(stack.urls.app, warm.authorization, apiBatches));
    const visit = await loadDashboard(browser, storageState, url(freshRegions()));
    loads.push({ ...visit.load, batches: [...visit.load.batches], scripts: new Map(visit.load.scripts) });
    assertSameQuestions('cold load', visit.load.batches, apiBatches, apiRegions);

    const nextApiRegions = freshRegions();
    const nextApiBatches = warmNavigation.batches.map((body) => withRegions(body, nextApiRegions));
    navigationTurns.push(await apiTurn(stack.urls.app, warm.authorization, nextApiBatches));
    navigations.push(await navigateTo(visit, nextPath(freshRegions()), next.title, next.chart_count));
    await visit.context.close();
    assertSameQuestions('warm navigation', navigations.at(-1)!.batches, nextApiBatches, nextApiRegions);
    console.log(
      `run ${run}: every chart drawn ${loads.at(-1)!.drawnMs.toFixed(0)} ms; the same ${questionsIn(apiBatches)} queries in ${apiBatches.length} batch(es) on the API ${turns.at(-1)!.toFixed(0)} ms; ` +
        `warm navigation to ${next.title}: every chart drawn ${navigations.at(-1)!.drawnMs.toFixed(0)} ms, its ${questionsIn(nextApiBatches)} queries in ${nextApiBatches.length} batch(es) on the API ${navigationTurns.at(-1)!.toFixed(0)} ms`,
    );
  }
  const drawn = median(loads.map((load) => load.drawnMs));
  const typical = loads.find((load) => load.drawnMs === drawn)!;
  console.log(`\nthe median load, ms from navigation start:`);
  for (const [name, ms] of Object.entries(typical.milestones).sort((a, b) => a[1] - b[1]))
    console.log(`  ${name.padEnd(34)} ${ms.toFixed(0)}`);
  console.log(`  ${'every chart drawn'.padEnd(34)} ${drawn.toFixed(0)}`);
  const navigated = median(navigations.map((navigation) => navigation.drawnMs));
  const typicalNavigation = navigations.find((navigation) => navigation.drawnMs === navigated)!;
  console.log(`\nthe median warm navigation, ms from the route change:`);
  for (const [name, ms] of Object.entries(typicalNavigation.milestones).sort((a, b) => a[1] - b[1]))
    console.log(`  ${name.padEnd(34)} ${ms.toFixed(0)}`);
  console.log(`  ${'every chart drawn'.padEnd(34)} ${navigated.toFixed(0)}`);
  const api = median(turns);
  const navigationApi = median(navigationTurns);
  const scripts = loads.at(-1)!.scripts;
  const shell = await shellScripts(browser, storageState, `${stack.urls.app}/home`);
  const sum = (entries: [string, number][]) => entries.reduce((total, [, bytes]) => total + bytes, 0);
  const total = sum([...scripts]);
  const entry = sum([...scripts].filter(([name]) => shell.has(name)));
  console.log(
    `\nbench:dashboard, the seeded Portfolio overview (8 charts, ${questionsIn(warm.batches)} queries in ${warm.batches.length} batch(es), SF 1), median of ${RUNS} cold loads`,
  );
  console.log(
    `  navigation → every chart drawn                 ${drawn.toFixed(0)} ms   (target ≤ ${TARGET_MS} ms: ${verdict(drawn <= TARGET_MS)})`,
  );
  console.log(
    `    baseline: the same batches on the API        ${api.toFixed(0)} ms   (${(drawn / api).toFixed(2)}×; target ≤ ${TARGET_RATIO}×: ${verdict(drawn <= TARGET_RATIO * api)})`,
  );
  console.log(
    `  gzip JS the dashboard route adds               ${kb(total - entry)}   (target ≤ ${BUDGET_KB} KB: ${verdict(total - entry <= BUDGET_KB * 1024)}; beside what a signed-in /home loads too, ${kb(entry)})`,
  );
  for (const [name, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
    console.log(`      ${name.padEnd(48)} ${kb(bytes)}${shell.has(name) ? '   (also /home)' : ''}`);
  console.log(
    `\nwarm navigation from it to ${next.title} (${next.chart_count} charts, ${questionsIn(warmNavigation.batches)} queries in ${warmNavigation.batches.length} batch(es)), app loaded, median of ${RUNS}`,
  );
  console.log(`  ${'route change → every chart drawn'.padEnd(47)}${navigated.toFixed(0)} ms`);
  console.log(
    `  ${'baseline: the same batches on the API'.padEnd(47)}${navigationApi.toFixed(0)} ms   (${(navigated / navigationApi).toFixed(2)}×; target ≤ ${TARGET_RATIO}×: ${verdict(navigated <= TARGET_RATIO * navigationApi)})`,
  );
  if (
    drawn > TARGET_MS ||
    drawn > TARGET_RATIO * api ||
    navigated > TARGET_RATIO * navigationApi ||
    total - entry > BUDGET_KB * 1024
  )
    process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
  if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}
