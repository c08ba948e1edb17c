// In Chromium against the real stack: a person builds an export with a compound
// and a date filter, sees a preview whose figures are the query API's for the same description, saves
// it, runs it, watches it to the end and downloads a file that csv-parse reads back with the query
// API's row count and column sums. Then the same screen framed (a partner user, and read-only support).
import AxeBuilder from '@axe-core/playwright';
import { queryResultSchema, type QueryDescriptionInput, type QueryResult } from '@payportal/shared/analytics';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { allowedHost, idTokenFor, mountInPage, portalIn, readRecord, test } from './embedHost.ts';
import { frameSettled } from './support/frameSettled.ts';
import { SCREENSHOTS, screenshot } from './support/screenshot.ts';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

const SCREENS = '/tmp/exports-screens';

/** What the test builds on screen, written out by hand: the query API is asked this independently. */
const DESCRIPTION: QueryDescriptionInput = {
  measures: ['gsv', 'transactions'],
  dimensions: ['state'],
  timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_90_days' },
  filters: [{ member: 'region', operator: 'in', values: ['South'] }],
  order: [],
};

type Screen = Page | FrameLocator;

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`),
  ).toEqual([]);
}

/** Builds DESCRIPTION with the keyboard where a person would (the region search), the mouse elsewhere. */
async function buildExport(screen: Screen): Promise<void> {
  await screen.getByRole('checkbox', { name: 'State', exact: true }).check();
  await screen.getByLabel('Add a metric').selectOption({ label: 'Gross sales volume' });
  await screen.getByLabel('Add a metric').selectOption({ label: 'Transactions' });
  const regions = screen.getByRole('combobox', { name: 'Regions' });
  await regions.fill('Sou');
  await expect(screen.getByRole('option', { name: 'South' })).toBeVisible();
  await regions.press('ArrowDown');
  await regions.press('ArrowUp');
  await regions.press('Enter');
  await expect(screen.getByRole('list', { name: 'Chosen regions' })).toContainText('South');
  await screen.getByLabel('Date range').selectOption({ label: 'Last 90 days' });
  await screen.getByLabel('Date column').selectOption({ label: 'By month' });
}

const number = (text: string) => Number(text.replace(/[$,]/g, ''));

/** The preview's rows as [date, state, gsv, transactions], once it shows `rows` rows. */
async function previewRows(screen: Screen, rows: number): Promise<string[][]> {
  const table = screen.getByRole('table', { name: `First ${rows} rows of the export` });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

test('[X2][X11][X13][X17] builds an export with a compound and a date filter, previews the query API’s figures, saves, runs, and downloads a file with the same rows and sums', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'mfa@acme.example');
  // The query API is asked with the person's own bearer, read from the page's first API call (never logged).
  const authorization = page
    .waitForRequest((request) => request.url().includes('/api/analytics/v1/catalogue'))
    .then((request) => request.headers().authorization!);
  await page.goto(`${urls.app}/csv/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New CSV export' })).toBeVisible();
  await buildExport(page);

  const ask = async (description: QueryDescriptionInput): Promise<QueryResult> => {
    const response = await page.request.post(`${urls.app}/api/analytics/v1/query`, {
      headers: { authorization: await authorization },
      data: description,
    });
    expect(response.status()).toBe(200);
    return queryResultSchema.parse(await response.json());
  };
  const whole = await ask(DESCRIPTION);
  expect(whole.truncated).toBe(false);
  expect(whole.rowCount).toBeGreaterThan(3);
  const shown = Math.min(100, whole.rowCount);
  const preview = await previewRows(page, shown);
  expect(preview).toHaveLength(shown);
  preview.forEach(([date, state, gsv, transactions], index) => {
    const [wantDate, wantState, wantGsv, wantTransactions] = whole.rows[index]!;
    expect([date, state]).toEqual([wantDate, wantState]);
    expect(number(gsv!)).toBeCloseTo(wantGsv as number, 2);
    expect(number(transactions!)).toBe(wantTransactions);
  });
  await expect(page.getByText(`${whole.rowCount.toLocaleString('en-US')} rows in the export`)).toBeVisible();
  await expect(
    page.getByText(/^Exports are limited to [\d,]+ rows for your role; files are kept \d+ days\.$/),
  ).toBeVisible();

  // Sorting by a column header asks again, ordered; the API agrees on the first row.
  await page.getByRole('button', { name: /^Gross sales volume/ }).click();
  await page.getByRole('button', { name: /^Gross sales volume/ }).click();
  await expect(page.getByRole('columnheader', { name: /Gross sales volume/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const sorted = await ask({ ...DESCRIPTION, order: [{ member: 'gsv', direction: 'desc' }], limit: 1 });
  await expect
    .poll(async () => number((await previewRows(page, shown))[0]![2]!))
    .toBeCloseTo(sorted.rows[0]![2] as number, 2);
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: `${SCREENS}/standalone-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: `${SCREENS}/standalone-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Save, then run: the page moves to the export's edit address and follows the job to the end.
  await page.getByLabel('Name').fill('South states by month');
  await page.getByRole('button', { name: 'Save export' }).click();
  await expect(page).toHaveURL(/\/csv\/\d+\/edit$/);
  await expect(page.getByText('Saved “South states by month”.')).toBeVisible();
  await page.getByRole('button', { name: 'Run export' }).click();
  const run = page.getByRole('region', { name: 'Export', exact: true });
  await expect(run.getByText(/^(Waiting to start|Running|Ready)$/)).toBeVisible();
  await expect(run.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(run.getByText(new RegExp(`^${whole.rowCount.toLocaleString('en-US')} rows, `))).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/standalone-1280-ready.png`, fullPage: true });

  const downloading = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('South states by month.csv');
  const records = parse(readFileSync((await download.path())!), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  expect(records).toHaveLength(whole.rowCount);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const gsvIndex = whole.columns.findIndex((column) => column.name === 'gsv');
  const transactionsIndex = whole.columns.findIndex((column) => column.name === 'transactions');
  // the answer's columns, then the period note: 90 days by month cut the first month short or end in a month still running
  expect(Object.keys(records[0]!)).toEqual([...whole.columns.map((column) => column.label), 'Period note']);
  expect(records.some((record) => /^Partial: \d+ of \d+ days/.test(record['Period note']!))).toBe(true);
  expect(Math.round(sum(records.map((record) => Number(record['Gross sales volume']))) * 100)).toBe(
    Math.round(sum(whole.rows.map((row) => row[gsvIndex] as number)) * 100),
  );
  expect(sum(records.map((record) => Number(record.Transactions)))).toBe(
    sum(whole.rows.map((row) => row[transactionsIndex] as number)),
  );

  // The run is among the export's past runs, and the saved export among "Saved exports".
  await expect(page.getByRole('region', { name: 'Runs of this export' }).getByRole('listitem').first()).toContainText(
    'Ready',
  );
  await page.getByRole('button', { name: 'Saved exports' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Saved exports' }).getByRole('link', { name: 'South states by month' }).first(),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

/**
 * The whole host page with nothing focused in the frame (no open list in the picture). Chromium paints a
 * cross-origin frame only inside the viewport, so the viewport is made as tall as the page instead of
 * asking for a full-page picture.
 */
async function screenshotFramed(page: Page, portal: FrameLocator, path: string): Promise<void> {
  // The viewport changes serve only the picture; without it the frame would resize under the next click.
  if (!SCREENSHOTS) return;
  await portal.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const { width, height } = page.viewportSize()!;
  await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  await screenshot(page, { path });
  await page.setViewportSize({ width, height });
  await frameSettled(page);
}

async function mountFramed(
  page: Page,
  options: { token: string; email: string; name: string; impersonation?: boolean },
) {
  await page.goto(allowedHost);
  await mountInPage(page, { ...options, initPath: '/csv/new' });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  return portalIn(page);
}

test('[X13][X17] framed: a partner user builds, previews, runs and downloads inside the partner portal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const portal = await mountFramed(page, {
    token: await idTokenFor('partner@acme.example'),
    email: 'partner@acme.example',
    name: 'Paula Partner',
  });
  await expect(portal.getByRole('heading', { level: 1, name: 'New CSV export' })).toBeVisible();
  await buildExport(portal);
  await expect(portal.getByRole('table', { name: /^First \d+ rows of the export$/ })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousAxeViolations(page);
  await screenshotFramed(page, portal, `${SCREENS}/framed-1280.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotFramed(page, portal, `${SCREENS}/framed-390.png`);
  await page.setViewportSize({ width: 1280, height: 900 });

  await portal.getByRole('button', { name: 'Run export' }).click();
  const run = portal.getByRole('region', { name: 'Export', exact: true });
  await expect(run.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Download CSV' }).click();
  const records = parse(readFileSync((await (await downloading).path())!), { columns: true }) as unknown[];
  expect(records.length).toBeGreaterThan(0);
});

test('[X1][X17] framed, support staff without support_write preview but cannot save or run, and the page says why', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const portal = await mountFramed(page, {
    token: await idTokenFor('support@payportal.example'),
    email: 'partner@acme.example',
    name: 'Paula Partner',
    impersonation: true,
  });
  // The frame says whose portal this is; the builder says why it cannot save or run.
  await expect(portal.getByRole('note', { name: 'Impersonation' })).toHaveText('Viewing as Paula Partner — read-only');
  await expect(portal.getByRole('note').filter({ hasText: 'support_write' })).toBeVisible();
  await buildExport(portal);
  await expect(portal.getByRole('table', { name: /^First \d+ rows of the export$/ })).toBeVisible({ timeout: 20_000 });
  await expect(portal.getByRole('button', { name: 'Save export' })).toBeDisabled();
  await expect(portal.getByRole('button', { name: 'Run export' })).toBeDisabled();
  await screenshotFramed(page, portal, `${SCREENS}/framed-support-read-only-1280.png`);
});
