// Every route at a phone's width (390 px) and a desktop's (1280 px), standalone and in a partner's
// frame: no page scrolls sideways and no KPI tile's figure runs past its box; the seeded dashboards
// and the merchant page show words, not codes. LAYOUT_SCREENS=<dir> also saves a screenshot of each.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Frame, type Page } from '@playwright/test';
import { allowedHost, idTokenFor, mountInPage, navigateInPage, readRecord, test } from './embedHost.ts';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

const SCREENS = process.env.LAYOUT_SCREENS ?? '';
const WIDTHS = [390, 1280] as const;
/** Codes an analyst should never read where words exist (the vocabularies of the shared value labels). */
const CODES = /^(visa|mastercard|amex|discover|cp|cnp|fraud|consumer|processing|authorization|blended|tiered|flat|ic_plus_plus|contactless|keyed|ecom|low|medium|high|\d{4})$/;

type Target = Page | Frame;

/** Waits until nothing on the screen is loading any more. */
async function settled(target: Target): Promise<void> {
  await expect(target.locator('[data-chart-state="loading"], [aria-busy="true"], [role="progressbar"]')).toHaveCount(0, { timeout: 30_000 });
  await target.waitForTimeout(400);
}

/** What runs past its box: the page itself, and any fitted figure (KPI tiles). */
function overflows(target: Target): Promise<string[]> {
  return target.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    for (const figure of document.querySelectorAll<HTMLElement>('[data-fitted]')) {
      const text = [...figure.children].find((child) => getComputedStyle(child).visibility !== 'hidden') as HTMLElement | undefined;
      if (text && text.offsetWidth > figure.clientWidth + 1) found.push(`"${text.textContent}" is ${text.offsetWidth} px in a ${figure.clientWidth} px tile`);
    }
    return found;
  });
}

/** Table cells and legend texts that are a bare code. */
function codesShown(target: Target): Promise<string[]> {
  return target.evaluate((pattern) => {
    const code = new RegExp(pattern);
    const texts = [...document.querySelectorAll('td, th, dd, [role="cell"], svg text')].map((element) => element.textContent?.trim() ?? '');
    return [...new Set(texts.filter((text) => code.test(text)))];
  }, CODES.source);
}

async function look(page: Page, target: Target, name: string, width: number): Promise<void> {
  await settled(target);
  if (SCREENS) {
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: join(SCREENS, `${name.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`), fullPage: true });
  }
  expect(await overflows(target), `${name} at ${width} px`).toEqual([]);
  if (target !== page) expect(await overflows(page), `the host page of ${name} at ${width} px`).toEqual([]);
}

/** The first seeded dashboard's and the first watched merchant's paths, found as a person would. */
async function seededPaths(target: Target, go: (path: string) => Promise<void>): Promise<{ dashboard: string; merchant: string }> {
  await go('/dashboards');
  const dashboard = await target.locator('a[href^="/dashboard/"]').first().getAttribute('href', { timeout: 20_000 });
  await go('/amla');
  const merchant = await target.locator('a[href*="merchant="]').first().getAttribute('href', { timeout: 20_000 });
  return { dashboard: dashboard!, merchant: merchant! };
}

for (const width of WIDTHS) {
  test(`standalone at ${width} px: no route scrolls sideways, no tile overflows, words instead of codes`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'owner@acme.example');
    const go = (path: string) => page.goto(`${urls.app}${path}`).then(() => undefined);
    const { dashboard, merchant } = await seededPaths(page, go);
    const routes = ['/home', '/dashboards', dashboard, `${dashboard}/edit`, `${dashboard}/chart/new`, '/dashboard/new', '/csv/new', '/amla', merchant,
      '/data/upload', '/data/upload/history', '/organization/manage', '/profile', '/documents'];
    for (const route of routes) {
      await go(route);
      await look(page, page, route, width);
      if (route === dashboard || route === merchant) expect(await codesShown(page), route).toEqual([]);
    }
  });

  test(`framed at ${width} px: no route scrolls sideways, no tile overflows, words instead of codes`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(allowedHost);
    await mountInPage(page, { token: await idTokenFor('partner@acme.example'), email: 'partner@acme.example', name: 'Paula Partner' });
    await expect.poll(async () => (await readRecord(page)).ready, { timeout: 30_000 }).toBe('resolved');
    const frame = page.frames().find((candidate) => candidate.url().startsWith(urls.app))!;
    const go = (path: string) => navigateInPage(page, path);
    const { dashboard, merchant } = await seededPaths(frame, go);
    for (const route of ['/home', '/dashboards', dashboard, '/csv/new', '/amla', merchant, '/documents']) {
      await go(route);
      await look(page, frame, `framed ${route}`, width);
      if (route === dashboard || route === merchant) expect(await codesShown(frame), route).toEqual([]);
    }
  });
}
