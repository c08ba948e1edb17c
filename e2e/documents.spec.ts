// In Chromium against the real stack: an owner generates last month's statement
// and opens it in the page, where its figures are the query API's for the same month; the owner shares
// a PDF notice that a query user then finds by search and downloads; a file that is not a PDF, renamed
// .pdf, is refused with the reason; a user of another organisation sees neither. Then the screen framed.
import AxeBuilder from '@axe-core/playwright';
import { formatCell, queryResultSchema, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { lastFullMonth, monthLabel } from '@payportal/shared/documents';
import { expect, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { allowedHost, idTokenFor, mountInPage, portalIn, readRecord, test } from './embedHost.ts';
import { screenshot } from './support/screenshot.ts';
import { signIn } from './support/signIn.ts';
import { codesAmong } from './support/vocabularyCodes.ts';
import { urls } from './urls.ts';

const SCREENS = '/tmp/documents-screens';
const PERIOD = lastFullMonth(new Date().toISOString().slice(0, 10));
const [YEAR, MONTH] = PERIOD.split('-').map(Number) as [number, number];
const MONTH_RANGE: [string, string] = [
  `${PERIOD}-01`,
  `${PERIOD}-${String(new Date(Date.UTC(YEAR, MONTH, 0)).getUTCDate()).padStart(2, '0')}`,
];
const NOTICE_TITLE = `Scheme fee notice ${Date.now()}`;
/** A one-page PDF, as small as a PDF gets: what the API checks is its first bytes. */
const NOTICE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 52>>stream\nBT /F1 14 Tf 20 100 Td (Interchange changes) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

async function newSignedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** The bearer of the page's first documents call (never logged), to ask the API what the screen shows. */
const bearerOf = (page: Page) =>
  page
    .waitForRequest((request) => request.url().includes('/api/documents/v1/documents/'))
    .then((request) => request.headers().authorization!);

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, { path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an owner generates last month’s statement and reads the query API’s figures in the page; a shared PDF is found and downloaded by a query user; a renamed file is refused; another organisation sees neither', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await newSignedInPage(browser, 'owner@acme.example');
  const authorization = bearerOf(owner);
  await owner.goto(`${urls.app}/documents`);
  await expect(owner.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();

  // Generate: last month is the default; the statement opens in the page.
  const generate = owner.getByRole('region', { name: 'Generate from your data' });
  await expect(generate.getByLabel('Month')).toHaveValue(PERIOD);
  await generate.getByLabel('Document').selectOption({ label: 'Portfolio statement' });
  await generate.getByRole('button', { name: 'Generate' }).click();
  const title = `Portfolio statement ${monthLabel(PERIOD)}`;
  await expect(generate.getByText(`${title} is ready.`)).toBeVisible({ timeout: 30_000 });
  const viewer = owner.getByRole('region', { name: title });
  await expect(viewer.getByText('2 pages.')).toBeVisible({ timeout: 30_000 });
  await expect(viewer.getByRole('img', { name: `${title}, page 1 of 2` })).toBeVisible();

  // The text layer holds each label and, next, its value: the query API's answer for the month.
  const runs = await viewer
    .getByTestId('pdf-pages')
    .locator('span')
    .evaluateAll((spans) => spans.map((span) => span.textContent?.trim() ?? '').filter(Boolean));
  const response = await owner.request.post(`${urls.app}/api/analytics/v1/query`, {
    headers: { authorization: await authorization },
    data: {
      measures: ['gsv', 'transactions', 'approval_rate', 'interchange', 'scheme_fees', 'net_revenue'],
      timeDimension: { dimension: 'date', dateRange: MONTH_RANGE },
    } satisfies QueryDescriptionInput,
  });
  expect(response.status()).toBe(200);
  const totals = queryResultSchema.parse(await response.json());
  expect(totals.rows[0]![0]).toBeGreaterThan(0);
  totals.columns.forEach((column, index) =>
    expect(runs[runs.indexOf(column.label) + 1], column.label).toBe(formatCell(totals.rows[0]![index]!, column)),
  );
  // The card brands and dispute categories are named in words ('Visa', 'Fraud'), never by their codes.
  expect(runs).toContain('Visa');
  expect(runs.filter((run) => ['Fraud', 'Consumer dispute', 'Processing error'].includes(run))).not.toEqual([]);
  expect(codesAmong(runs), 'codes in the statement').toEqual([]);
  await expect(
    new AxeBuilder({ page: owner })
      .analyze()
      .then(({ violations }) =>
        violations
          .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
          .map((violation) => violation.id),
      ),
  ).resolves.toEqual([]);
  await screenshots(owner, 'owner-statement');

  // Share a PDF notice; a zip renamed .pdf is refused with the reason.
  const share = owner.getByRole('region', { name: 'Share a PDF' });
  await share.getByLabel('PDF file').setInputFiles({
    name: 'renamed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('PK\u0003\u0004 not a PDF at all'),
  });
  await share.getByLabel('Title').fill('Renamed archive');
  await share.getByRole('button', { name: 'Upload' }).click();
  await expect(share.getByRole('alert')).toHaveText(
    'This file is not a PDF: its contents do not begin with %PDF-, whatever its name says.',
  );
  await share
    .getByLabel('PDF file')
    .setInputFiles({ name: 'notice.pdf', mimeType: 'application/pdf', buffer: NOTICE_PDF });
  await share.getByLabel('Title').fill(NOTICE_TITLE);
  await share.getByLabel('Type').selectOption({ label: 'Scheme notice' });
  await share.getByRole('button', { name: 'Upload' }).click();
  await expect(share.getByText(`${NOTICE_TITLE} is uploaded.`)).toBeVisible();
  await expect(owner.getByRole('row', { name: new RegExp(NOTICE_TITLE) })).toContainText('Olivia Owner');
  await screenshots(owner, 'owner-list');

  // A query user of the same organisation finds it by search and downloads it.
  const analyst = await newSignedInPage(browser, 'mfa@acme.example');
  await analyst.goto(`${urls.app}/documents`);
  await expect(analyst.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(analyst.getByRole('region', { name: 'Share a PDF' })).toHaveCount(0);
  await analyst.getByLabel('Search by title').fill(NOTICE_TITLE);
  const row = analyst.getByRole('row', { name: new RegExp(NOTICE_TITLE) });
  await expect(row).toBeVisible();
  await expect(analyst.getByRole('row')).toHaveCount(2);
  const downloading = analyst.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${NOTICE_TITLE}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${NOTICE_TITLE}.pdf`);
  expect(readFileSync((await download.path())!).equals(NOTICE_PDF)).toBe(true);
  expect(download.url()).toMatch(/\/api\/documents\/v1\/downloads\/[A-Za-z0-9_-]{43}$/);
  await screenshots(analyst, 'query-user-search');

  // Another organisation's owner sees neither the notice nor Acme's statement.
  const other = await newSignedInPage(browser, 'demo@demo-payments.example');
  await other.goto(`${urls.app}/documents`);
  await other.getByLabel('Search by title').fill(NOTICE_TITLE);
  await expect(other.getByText('No documents match.')).toBeVisible();
  await other.getByLabel('Search by title').fill('');
  // Its own statements only: made by the portal at start, none by Acme's owner.
  await other.getByLabel('Filter by type').selectOption({ label: 'Portfolio statement' });
  await expect(other.getByRole('row', { name: new RegExp(title) }).first()).toBeVisible();
  await expect(other.getByRole('cell', { name: 'Olivia Owner' })).toHaveCount(0);
});

test('framed: a partner user opens a statement in the page; support staff without support_write see no upload or generate', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(allowedHost);
  await mountInPage(page, {
    token: await idTokenFor('partner@acme.example'),
    email: 'partner@acme.example',
    name: 'Paula Partner',
    initPath: '/documents',
  });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  const portal = portalIn(page);
  await expect(portal.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const title = `Portfolio statement ${monthLabel(PERIOD)}`;
  await portal
    .getByRole('button', { name: `View ${title}` })
    .first()
    .click();
  await expect(portal.getByRole('region', { name: title }).getByText('2 pages.')).toBeVisible({ timeout: 30_000 });
  await expect(
    portal.getByRole('region', { name: title }).getByText('Portfolio statement', { exact: true }),
  ).toBeVisible();
  const { width, height } = page.viewportSize()!;
  for (const shot of [1280, 390]) {
    await page.setViewportSize({ width: shot, height });
    await page.setViewportSize({
      width: shot,
      height: await page.evaluate(() => document.documentElement.scrollHeight),
    });
    await screenshot(page, { path: `${SCREENS}/framed-${shot}.png` });
  }
  await page.setViewportSize({ width, height });

  const support = await page.context().newPage();
  await support.goto(allowedHost);
  await mountInPage(support, {
    token: await idTokenFor('support@payportal.example'),
    email: 'owner@acme.example',
    name: 'Olivia Owner',
    impersonation: true,
    initPath: '/documents',
  });
  await expect.poll(async () => (await readRecord(support)).ready).toBe('resolved');
  const readOnly = portalIn(support);
  await expect(readOnly.getByRole('button', { name: new RegExp(`^Download ${title}`) }).first()).toBeVisible();
  await expect(readOnly.getByRole('region', { name: 'Share a PDF' })).toHaveCount(0);
  await expect(readOnly.getByRole('region', { name: 'Generate from your data' })).toHaveCount(0);
  await expect(readOnly.getByRole('button', { name: /^Delete / })).toHaveCount(0);
});
