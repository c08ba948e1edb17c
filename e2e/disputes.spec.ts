// In Chromium against the real stack: a disputes user works a dispute end to end — the menu's
// "Disputes", the queue's "Needs response" tab (keyboard tabs, aria-sort) and its CSV through an export
// job, the first dispute's page with its due date equal to the API's, a refused file (checked in the
// browser), a PDF of evidence uploaded and shown in the page, the representment, and the dispute gone from
// "Needs response". Standalone, then framed in the partner demo (support staff with write access viewing
// the same user's portal). And /disputes/insights, standalone and framed: every figure on screen is the
// query API's answer to the same question (its catalogue members).
import AxeBuilder from '@axe-core/playwright';
import { formatCell, queryResultSchema, type QueryResult } from '@payportal/shared/analytics';
import { DISPUTE_INSIGHTS, DISPUTE_PATHS, disputeDetailSchema, type DisputeDetail } from '@payportal/shared/disputes';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { allowedHost, idTokenFor, mountInPage, portalIn, readRecord, test } from './embedHost.ts';
import { credentialsOf } from './support/askAsPage.ts';
import { frameSettled } from './support/frameSettled.ts';
import { SCREENSHOTS, screenshot } from './support/screenshot.ts';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

const SCREENS = '/tmp/disputes-screens';
const EVIDENCE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 50>>stream\nBT /F1 14 Tf 20 100 Td (Proof of delivery) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

type Screen = Page | FrameLocator;

// Both tests take the first dispute of "Needs response": one after the other, never the same one at once.
test.describe.configure({ mode: 'serial' });

async function screenshots(page: Page, name: string, portal?: FrameLocator): Promise<void> {
  // The viewport changes serve only the pictures; without them a frame would resize under the next click.
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.min(8_000, height) });
    await screenshot(page, { path: `${SCREENS}/${name}-${portal ? 'framed-' : ''}${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  if (portal) await frameSettled(page);
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).exclude('[role="log"]').analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`),
  ).toEqual([]);
}

const needsResponseRows = (screen: Screen) =>
  screen.getByRole('tabpanel').getByRole('table', { name: 'Disputes' }).getByRole('row');

/** The queue's tabs answer the keyboard, and its Due column says how it is sorted. */
async function checkQueue(screen: Screen): Promise<void> {
  const needsResponse = screen.getByRole('tab', { name: 'Needs response' });
  await expect(needsResponse).toHaveAttribute('aria-selected', 'true');
  await needsResponse.focus();
  await needsResponse.press('ArrowRight');
  await expect(screen.getByRole('tab', { name: 'Due within 3 days' })).toBeFocused();
  await expect(screen.getByRole('tab', { name: 'Due within 3 days' })).toHaveAttribute('aria-selected', 'true');
  await screen.getByRole('tab', { name: 'Due within 3 days' }).press('ArrowLeft');
  await expect(needsResponse).toHaveAttribute('aria-selected', 'true');
  await expect(screen.getByRole('columnheader', { name: /^Due/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(needsResponseRows(screen).nth(1)).toBeVisible();
}

/** Opens the first dispute of "Needs response" (the nearest due date) and answers its id. */
async function openFirstDispute(screen: Screen): Promise<string> {
  const link = needsResponseRows(screen).nth(1).getByRole('link');
  const chargebackId = (await link.textContent())!;
  await link.click();
  await expect(screen.getByRole('heading', { level: 1, name: `Dispute ${chargebackId}` })).toBeVisible();
  return chargebackId;
}

/** Evidence refused in the browser, then a PDF uploaded, shown in the page, and the representment. */
async function represent(screen: Screen): Promise<void> {
  const evidence = screen.getByRole('region', { name: 'Evidence' });
  const input = evidence.getByLabel(/^Add evidence/);
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not evidence') });
  await expect(evidence.getByRole('alert')).toHaveText('notes.txt is not a PDF, PNG or JPEG file.');
  await expect(screen.getByRole('button', { name: 'Represent' })).toBeDisabled();

  await input.setInputFiles({ name: 'delivery.pdf', mimeType: 'application/pdf', buffer: EVIDENCE_PDF });
  await expect(evidence.getByRole('list', { name: 'Evidence files' })).toContainText('delivery.pdf');
  await evidence.getByRole('button', { name: 'View delivery.pdf' }).click();
  await expect(evidence.getByText('1 page.')).toBeVisible();
  await expect(evidence.getByTestId('pdf-pages')).toContainText('Proof of delivery');

  await screen.getByRole('button', { name: 'Represent' }).click();
  await expect(screen.getByText('The dispute is represented with its evidence.')).toBeVisible();
  await expect(screen.getByText('This dispute has been answered: it awaits the other side.')).toBeVisible();
}

async function backToQueue(screen: Screen, chargebackId: string): Promise<void> {
  await screen.getByRole('link', { name: '← Disputes' }).click();
  await expect(screen.getByRole('tab', { name: 'Needs response' })).toHaveAttribute('aria-selected', 'true');
  await expect(needsResponseRows(screen).nth(1)).toBeVisible();
  await expect(screen.getByRole('tabpanel').getByRole('link', { name: chargebackId, exact: true })).toHaveCount(0);
}

/** The view on screen ("Needs response", by due date) as a CSV through an export job: its first row is the table's. */
async function downloadQueueCsv(page: Page): Promise<void> {
  const firstId = await needsResponseRows(page).nth(1).getByRole('link').textContent();
  await page.getByRole('button', { name: 'Run export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click({ timeout: 60_000 });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Dispute queue, Needs response.csv');
  const lines = readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('Chargeback ID,Network,Stage,Reason code,Merchant ID,Amount,Received,Due date');
  expect(lines[1]!.split(',')[0]).toBe(firstId);
}

/** The dispute as the API answers the page's own credentials. */
async function disputeFromApi(page: Page, credentials: Record<string, string>, id: string): Promise<DisputeDetail> {
  const response = await page.request.get(`${urls.app}${DISPUTE_PATHS.dispute(Number(id))}`, { headers: credentials });
  expect(response.status()).toBe(200);
  return disputeDetailSchema.parse(await response.json());
}

test('a disputes user works the first dispute of "Needs response": due date as the API says, evidence checked, uploaded and shown, represented, gone from the tab', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const detailRequest = page.waitForRequest((request) =>
    /\/api\/disputes\/v1\/disputes\/\d+$/.test(new URL(request.url()).pathname),
  );
  await signIn(page, 'disputes@acme.example');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Disputes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await checkQueue(page);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'queue');
  await downloadQueueCsv(page);

  const rowDue = await needsResponseRows(page).nth(1).getByRole('cell').nth(2).textContent();
  const chargebackId = await openFirstDispute(page);
  const api = await disputeFromApi(page, await credentialsOf(await detailRequest), chargebackId);
  expect(api.status).toBe('needs_response');
  await expect(page.getByTestId('due-date')).toHaveAttribute('datetime', api.due_date!);
  expect(await page.getByTestId('due-date').textContent()).toBe(rowDue);
  await expect(page.getByRole('link', { name: api.merchant.name })).toHaveAttribute(
    'href',
    `/amla?merchant=${api.merchant.id}`,
  );
  await expectNoSeriousAxeViolations(page);

  await represent(page);
  await screenshots(page, 'detail');
  await backToQueue(page, chargebackId);
});

test('framed in the partner demo: support staff with write access, viewing the disputes user, represent the next dispute', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(urls.demo);
  await page.getByRole('radio', { name: 'PayPortal support staff' }).check();
  await page.getByLabel('Email').fill('support-lead@payportal.example');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('combobox', { name: 'View the portal of' }).fill('disputes@acme.example');
  await page.getByRole('button', { name: 'Impersonate' }).click();
  const portal = portalIn(page);
  await portal.getByRole('link', { name: /^Disputes/ }).click();
  await expect(page).toHaveURL(/\?path=%2Fdisputes$/);
  await expect(portal.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await checkQueue(portal);
  await screenshots(page, 'queue', portal);

  const chargebackId = await openFirstDispute(portal);
  await represent(portal);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'detail', portal);
  await backToQueue(portal, chargebackId);
});

/** Whether `tab` lies wholly inside the visible part of its tab strip (which scrolls sideways on a phone) and the window. */
async function wholeInStrip(page: Page, tab: string): Promise<boolean> {
  const strip = await page.getByRole('tablist', { name: 'Dispute queue' }).boundingBox();
  const box = await page.getByRole('tab', { name: tab }).boundingBox();
  if (!strip || !box) return false;
  const [left, right] = [Math.max(0, strip.x), Math.min(strip.x + strip.width, page.viewportSize()!.width)];
  return box.x >= left - 0.5 && box.x + box.width <= right + 0.5;
}

test('at 390 px the tab strip keeps the chosen tab in view, after a resize and as the keyboard moves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'disputes@acme.example');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${urls.app}/disputes`);
  await page.getByRole('tab', { name: 'Decided' }).click();
  await expect(page.getByRole('tab', { name: 'Decided' })).toHaveAttribute('aria-selected', 'true');
  // the window narrows to a phone's: the strip overflows, and the chosen tab (the last) stays in view
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => wholeInStrip(page, 'Needs response')).toBe(false);
  await expect.poll(() => wholeInStrip(page, 'Decided')).toBe(true);
  await page.getByRole('tab', { name: 'Decided' }).press('Home');
  await expect(page.getByRole('tab', { name: 'Needs response' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => wholeInStrip(page, 'Needs response')).toBe(true);
  await page.getByRole('tab', { name: 'Needs response' }).press('End');
  await expect.poll(() => wholeInStrip(page, 'Decided')).toBe(true);
  if (SCREENSHOTS) {
    mkdirSync(SCREENS, { recursive: true });
    await screenshot(page, { path: `${SCREENS}/queue-tabs-after-resize-390.png` });
  }
});

/** The query API's answer to `query`, asked with `credentials`. */
async function askQueryApi(page: Page, credentials: Record<string, string>, query: unknown): Promise<QueryResult> {
  const response = await page.request.post(`${urls.app}/api/analytics/v1/query`, { headers: credentials, data: query });
  expect(response.status()).toBe(200);
  return queryResultSchema.parse(await response.json());
}

/** Each insight's table holds the query API's rows, every rate as the catalogue formats it, and its chart is drawn. */
async function checkInsights(screen: Screen, ask: (query: unknown) => Promise<QueryResult>): Promise<void> {
  await expect(screen.getByRole('heading', { level: 1, name: 'Dispute insights' })).toBeVisible();
  // Every table drawn first: the test's own questions then never wait behind the screen's.
  for (const insight of DISPUTE_INSIGHTS)
    await expect(screen.getByRole('region', { name: insight.title }).getByRole('table')).toBeVisible({
      timeout: 60_000,
    });
  for (const insight of DISPUTE_INSIGHTS) {
    const section = screen.getByRole('region', { name: insight.title });
    const answer = await ask(insight.query);
    expect(answer.rows.length, insight.title).toBeGreaterThan(1);
    const rows = section.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(answer.rows.length + 1, { timeout: 30_000 });
    await expect(section.locator('[data-drawn="true"]')).toHaveCount(1);
    const rates = answer.columns.flatMap((column, at) => (column.format === null ? [] : [at]));
    expect(rates.length).toBeGreaterThanOrEqual(3);
    for (const [index, row] of answer.rows.entries()) {
      const cells = await rows
        .nth(index + 1)
        .getByRole('cell')
        .allTextContents();
      expect(
        rates.map((at) => cells[at]),
        `${insight.title}, row ${index + 1}`,
      ).toEqual(rates.map((at) => formatCell(row[at]!, answer.columns[at]!)));
    }
  }
}

test('insights, standalone: a query user opens them from /disputes, and every figure is the query API’s answer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A query user with a phone: analyst@ is kept for authSignedIn's first sign-in, which registers its phone.
  await signIn(page, 'disputes@acme.example');
  await page.goto(`${urls.app}/disputes`);
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/analytics/v1/'));
  await page.getByRole('link', { name: 'Dispute insights' }).click();
  const credentials = await credentialsOf(await asked);
  await checkInsights(page, (query) => askQueryApi(page, credentials, query));
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'insights');
});

test('insights, framed: the partner frame opens them from /disputes, with the query API’s figures', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await idTokenFor('partner@acme.example');
  await page.goto(allowedHost);
  await mountInPage(page, { token, email: 'partner@acme.example', name: 'Paula Partner', initPath: '/disputes' });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  const portal = portalIn(page);
  await portal.getByRole('link', { name: 'Dispute insights' }).click();
  await checkInsights(portal, (query) => askQueryApi(page, { authorization: `Bearer ${token}` }, query));
  await screenshots(page, 'insights', portal);
});
