// In Chromium against the real stack: an analyst finds a planted card-testing
// merchant by search, sees the signal with its evidence, opens a case, adds a note and closes it; a
// clean peer shows no such signal; a user of another organisation cannot reach either merchant (404).
// A section figure read off the screen is checked against the query API asked the same question.
import AxeBuilder from '@axe-core/playwright';
import { MERCHANT_PATHS } from '@payportal/shared/merchants';
import { expect, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { allowedHost, idTokenFor, mountInPage, portalIn, readRecord, test } from './embedHost.ts';
import { performanceGsvFromApi, watchedCardTester } from './support/merchantFigures.ts';
import { screenshot } from './support/screenshot.ts';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

const SCREENS = '/tmp/amla-screens';

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setViewportSize({
      width,
      height: Math.min(12_000, await page.evaluate(() => document.documentElement.scrollHeight)),
    });
    await screenshot(page, { path: `${SCREENS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an analyst finds the planted card-testing merchant, reads the evidence and works a case; a clean peer shows none; another organisation gets 404', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // the page's own bearer, to ask the API what the page asked
  let authorization = '';
  page.on('request', (request) => {
    if (request.url().includes('/api/merchants/v1/') && request.headers().authorization)
      authorization = request.headers().authorization!;
  });
  await signIn(page, 'mfa@acme.example');
  await page.goto(`${urls.app}/amla`);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant-Level' })).toBeVisible();

  // the watchlist names the merchant the generator planted card testing in
  const { dbaName, mid } = await watchedCardTester(page);
  await screenshots(page, 'amla-start');

  // found by search: its name, then its MID among the options
  await page.getByLabel('Find a merchant').fill(dbaName);
  await page
    .getByRole('list', { name: 'Matching merchants' })
    .getByRole('button', { name: new RegExp(`MID ${mid}`) })
    .click();
  await expect(page).toHaveURL(/\/amla\?merchant=\d+$/);
  const merchantId = Number(new URL(page.url()).searchParams.get('merchant'));
  await expect(page.getByRole('heading', { level: 1, name: dbaName })).toBeVisible();

  // the signal with its evidence
  const cardTesting = page.getByRole('article', { name: 'Card testing' });
  await expect(cardTesting.getByText('Raised', { exact: true })).toBeVisible();
  const evidence = cardTesting.getByRole('table');
  await expect(evidence.getByRole('columnheader')).toHaveText(['Time', 'Amount', 'Card', 'Decline code']);
  await expect(evidence.getByRole('row')).toHaveCount(26);

  // a section figure is the query API's answer to the same description
  const performance = page.getByRole('region', { name: 'Performance' });
  await expect(performance.getByRole('button', { name: 'Download CSV' })).toBeVisible({ timeout: 30_000 });
  const shownGsv = await performance.getByRole('definition').first().innerText();
  const headers = { authorization, 'content-type': 'application/json' };
  expect(shownGsv).toBe(await performanceGsvFromApi(page.request, { authorization }, mid));
  for (const section of ['Authorisation', 'Disputes and fraud', 'Economics', 'Peer benchmark']) {
    await expect(page.getByRole('region', { name: section }).getByRole('button', { name: 'Download CSV' })).toBeVisible(
      { timeout: 30_000 },
    );
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`),
  ).toEqual([]);
  await screenshots(page, 'amla-merchant');

  // a case: open, note, close as a MATCH listing
  await cardTesting.getByRole('button', { name: 'Open case' }).click();
  const workedCase = page.getByRole('region', { name: 'Cases' }).getByRole('article').first();
  await expect(workedCase.getByRole('heading')).toHaveText(/Card testing · Open$/);
  await workedCase.getByLabel('Note').fill('120 declined $0.50–$1.99 attempts from new cards between 02:00 and 03:00.');
  await workedCase.getByRole('button', { name: 'Add note' }).click();
  await expect(workedCase.getByRole('listitem')).toHaveText([
    'Max Factor: 120 declined $0.50–$1.99 attempts from new cards between 02:00 and 03:00.',
  ]);
  await workedCase.getByLabel('Disposition').selectOption({ label: 'MATCH listing' });
  await workedCase.getByLabel('MATCH reason code').selectOption({ label: '05 Excessive fraud' });
  await workedCase.getByRole('button', { name: 'Close case' }).click();
  await expect(workedCase.getByRole('heading')).toHaveText(/Card testing · Closed: MATCH listing \(05\)$/);

  // a clean peer of the same organisation: no card testing, no evidence
  const watchedIds = (
    (await (await page.request.get(`${urls.app}${MERCHANT_PATHS.watchlist()}`, { headers })).json()) as {
      merchants: { merchantId: number }[];
    }
  ).merchants.map((m) => m.merchantId);
  let cleanId = merchantId + 1;
  while (
    watchedIds.includes(cleanId) ||
    (await page.request.get(`${urls.app}${MERCHANT_PATHS.merchant(cleanId)}`, { headers })).status() !== 200
  )
    cleanId += 1;
  await page.goto(`${urls.app}/amla?merchant=${cleanId}`);
  const cleanCardTesting = page.getByRole('article', { name: 'Card testing' });
  await expect(cleanCardTesting.getByText('Not raised', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(cleanCardTesting.getByRole('table')).toHaveCount(0);

  // another organisation's user reaches neither merchant
  const other = await browser.newPage();
  await signIn(other, 'demo@demo-payments.example');
  for (const id of [merchantId, cleanId]) {
    const answer = other.waitForResponse((response) => response.url().endsWith(MERCHANT_PATHS.merchant(id)));
    await other.goto(`${urls.app}/amla?merchant=${id}`);
    expect((await answer).status()).toBe(404);
    await expect(other.getByRole('alert').filter({ hasText: 'This merchant could not be found.' })).toBeVisible();
  }
  await other.close();
});

test('framed: the partner frame opens /amla?merchant= at its initPath and draws the merchant', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await idTokenFor('partner@acme.example');
  const watched = (await (
    await page.request.get(`${urls.app}${MERCHANT_PATHS.watchlist()}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { merchants: { merchantId: number; dbaName: string; signals: string[] }[] };
  const tester = watched.merchants.find((merchant) => merchant.signals.includes('card_testing'))!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(allowedHost);
  await mountInPage(page, {
    token,
    email: 'partner@acme.example',
    name: 'Paula Partner',
    initPath: `/amla?merchant=${tester.merchantId}`,
  });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  const portal = portalIn(page);
  await expect(portal.getByRole('heading', { level: 1, name: tester.dbaName })).toBeVisible();
  await expect(portal.getByRole('article', { name: 'Card testing' }).getByText('Raised', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  for (const section of ['Performance', 'Authorisation', 'Disputes and fraud', 'Economics', 'Peer benchmark']) {
    await expect(
      portal.getByRole('region', { name: section }).getByRole('button', { name: 'Download CSV' }),
    ).toBeVisible({ timeout: 30_000 });
  }
  await expect(portal.getByRole('img', { name: /by month/ })).toHaveAttribute('data-drawn', 'true');
  const downloading = page.waitForEvent('download');
  await portal.getByRole('region', { name: 'Economics' }).getByRole('button', { name: 'Download CSV' }).click();
  expect(readFileSync((await (await downloading).path())!, 'utf8')).toContain('Billed fees');
  await screenshots(page, 'amla-framed');
});
