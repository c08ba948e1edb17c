// In Chromium against the real stack: an uploader sends a merchants file, then a
// transactions file with bad rows; the pre-check in the Worker shows the bad rows' lines before a byte
// is sent; progress and the phases show; the details page lists every bad row with its line and
// reason; the good rows are in the query API's totals; a larger upload, throttled, is paused and
// resumed from where it stopped (and survives a dropped request); an owner rolls it back and exactly
// its rows leave the totals. A new version replaces only the upload chosen for it, and uploads still
// receiving are cancelled from the history. Then the screens framed, and read-only support.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { allowedHost, idTokenFor, mountInPage, portalIn, readRecord, test } from './embedHost.ts';
import { screenshot, screenshotsAtWidths } from './support/screenshot.ts';
import { signIn } from './support/signIn.ts';
import { chooseAndUpload, header, uploadedTotals } from './support/uploadFiles.ts';
import { urls } from './urls.ts';

const SCREENS = '/tmp/uploads-screens';
const RUN = `E${Date.now() % 1_000_000}`;
const MIDS = [`${RUN}-1`, `${RUN}-2`];
// The uploaded merchants are in the West (CA) and the Northeast (NY): the query builder's test, which may run
// at the same time in the other worker, compares a file of the South with the query API.
const MERCHANTS = [
  header('merchants'),
  `${MIDS[0]},One LLC,One Cafe,5812,CA,2025-01-15,processing`,
  `${MIDS[1]},Two Inc,Two Fuel,5541,NY,2025-02-01,processing`,
  '',
].join('\n');
const day = new Date().toISOString().slice(0, 10);
const TRANSACTIONS = [
  header('transactions'),
  `${RUN}-A1,${MIDS[0]},${day}T09:00:00Z,10.00,USD,visa,credit,chip,approved,`,
  `${RUN}-A2,${MIDS[0]},${day}T10:00:00Z,20.50,USD,mastercard,debit,ecom,approved,`,
  `${RUN}-A3,${MIDS[1]},${day}T11:00:00Z,30.25,USD,amex,credit,contactless,approved,`,
  `${RUN}-A4,${RUN}-9,${day}T12:00:00Z,5.00,USD,visa,credit,chip,approved,`,
  `${RUN}-A5,${MIDS[1]},${day}T13:00:00Z,-5.00,USD,visa,credit,chip,approved,`,
  // a malformed record: it alone is rejected, the line after it still loads
  `${RUN}-A6,${MIDS[0]},${day}T13:30:00Z,3.00,"US"D,visa,credit,chip,approved,`,
  `${RUN}-A7,${MIDS[1]},${day}T14:00:00Z,4.00,USD,visa,credit,chip,approved,`,
  '',
].join('\n');
const TEXT_AFTER_QUOTE = 'Text after a closing quote: quote the whole value and double the quotes inside it.';
/** About 4 MB of valid sales, 1.00 each, for the paused and resumed upload. */
const BIG_ROWS = 50_000;
const BIG = `${header('transactions')}\n${Array.from({ length: BIG_ROWS }, (_, index) => `${RUN}-B${String(index).padStart(6, '0')},${MIDS[index % 2]},${day}T08:00:00Z,1.00,USD,visa,debit,chip,approved,`).join('\n')}\n`;

async function newSignedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`),
  ).toEqual([]);
}

/** The query API's GSV and attempts per uploaded merchant, asked with the owner's bearer. */
const totals = (owner: Page, authorization: string) => uploadedTotals(owner.request, { authorization }, MIDS);

test('[U4][U8][U11][U15][U16][U20] an uploader sends merchants, then transactions with bad rows: pre-check, progress, phases, every bad row on the details page, the good rows in the query API; an interrupted upload resumes; a rollback removes exactly its rows', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const uploader = await newSignedInPage(browser, 'uploader@acme.example');
  const owner = await newSignedInPage(browser, 'owner@acme.example');
  const ownerBearer = owner
    .waitForRequest((request) => request.url().includes('/api/uploads/v1/uploads/'))
    .then((request) => request.headers().authorization!);
  await owner.goto(`${urls.app}/data/upload/history`);
  const authorization = await ownerBearer;

  // Merchants: the check passes, then the phases run to Done.
  await uploader.goto(`${urls.app}/data/upload`);
  await expect(uploader.getByRole('heading', { level: 1, name: 'Upload data' })).toBeVisible();
  await chooseAndUpload(uploader, 'Merchants', 'merchants.csv', MERCHANTS);
  await expect(
    uploader.getByText(
      'Check passed: the header and the column formats of the first 2 rows. Merchants, duplicates and sales loaded before are checked after the upload.',
    ),
  ).toBeVisible();
  await uploader.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(uploader.getByText('Done: 2 rows, 2 loaded, 0 rejected.')).toBeVisible({ timeout: 30_000 });
  await uploader.getByRole('button', { name: 'Upload another file' }).click();

  // Transactions with bad rows: the Worker's pre-check names the negative amount's line before a byte is sent.
  await chooseAndUpload(uploader, 'Transactions', 'sales.csv', TRANSACTIONS);
  await expect(
    uploader.getByText(
      'Line 6, column amount: amount must be an amount above 0 with at most two decimals, such as 12.50 (found "-5.00").',
    ),
  ).toBeVisible();
  await expect(uploader.getByText(`Line 7: ${TEXT_AFTER_QUOTE}`, { exact: true })).toBeVisible();
  await screenshotsAtWidths(uploader, SCREENS, 'upload-precheck');
  await uploader.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(uploader.getByRole('list', { name: 'Phases' })).toBeVisible();
  await expect(uploader.getByText('Done: 7 rows, 4 loaded, 3 rejected.')).toBeVisible({ timeout: 30_000 });
  await screenshotsAtWidths(uploader, SCREENS, 'upload-done-malformed');
  await uploader.getByRole('link', { name: 'Open the upload’s details' }).click();
  await expect(uploader.getByRole('heading', { level: 1, name: 'sales.csv' })).toBeVisible();
  const salesId = uploader.url().split('/').pop()!;
  const rejected = uploader.getByRole('region', { name: 'Rejected rows' }).getByRole('table');
  await expect(rejected.locator('tbody tr')).toHaveText([
    ['5', 'mid', `${RUN}-9`, 'is not a merchant of this organisation'].join(''),
    ['6', 'amount', '-5.00', 'must be an amount above 0 with at most two decimals, such as 12.50'].join(''),
    new RegExp(`^7—${RUN}-A6,.*${TEXT_AFTER_QUOTE.replace('.', '\\.')}$`),
  ]);
  await expectNoSeriousAxeViolations(uploader);
  await screenshotsAtWidths(uploader, SCREENS, 'upload-details');
  const loaded = { [MIDS[0]!]: [30.5, 2], [MIDS[1]!]: [34.25, 2] };
  expect(await totals(owner, authorization)).toEqual(loaded);

  // A larger file as a new version, sent slowly: paused part-way, then resumed from the offset the API
  // holds (not from 0); one request is dropped on the way and tus-js-client carries on by itself.
  await uploader.goto(`${urls.app}/data/upload`);
  const cdp = await uploader.context().newCDPSession(uploader);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 400 * 1024,
  });
  const patches: number[] = [];
  uploader.on(
    'request',
    (request) => void (request.method() === 'PATCH' && patches.push(Number(request.headers()['upload-offset']))),
  );
  await chooseAndUpload(uploader, 'Transactions', 'sales-v2.csv', BIG, 'New version');
  await expect(uploader.getByText(/^Check passed/)).toBeVisible();
  // no upload of this file's name: nothing is preselected, and nothing is sent until the upload it replaces is chosen
  await expect(uploader.getByLabel('Replaces')).toHaveValue('');
  await expect(uploader.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await uploader.getByLabel('Replaces').selectOption(salesId);
  await uploader.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(uploader.getByText(/^Sending: [\d.]+ [KM]B of /)).toBeVisible();
  await expect
    .poll(async () => Number(await uploader.getByRole('progressbar', { name: 'Bytes sent' }).getAttribute('value')), {
      timeout: 30_000,
    })
    .toBeGreaterThan(BIG.length / 5);
  await uploader.getByRole('button', { name: 'Pause' }).click();
  await expect(uploader.getByText(/^Paused: /)).toBeVisible();
  await screenshotsAtWidths(uploader, SCREENS, 'upload-paused');
  // the next PATCH fails once, as a dropped connection would; the client asks the offset again and goes on
  let dropped = false;
  await uploader.route('**/api/uploads/v1/files/*', (route) =>
    route.request().method() === 'PATCH' && !dropped
      ? ((dropped = true), route.abort('connectionreset'))
      : route.continue(),
  );
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await uploader.getByRole('button', { name: 'Resume' }).click();
  await expect(
    uploader.getByText(
      `Done: ${BIG_ROWS.toLocaleString('en-US')} rows, ${BIG_ROWS.toLocaleString('en-US')} loaded, 0 rejected.`,
    ),
  ).toBeVisible({ timeout: 60_000 });
  expect(dropped).toBe(true);
  expect(patches[0]).toBe(0);
  expect(Math.max(...patches.slice(1))).toBeGreaterThan(0);
  const half = BIG_ROWS / 2;
  expect(await totals(owner, authorization)).toEqual({ [MIDS[0]!]: [half, half], [MIDS[1]!]: [half, half] });

  // The owner rolls the new version back: exactly its rows leave; the first file's rows are back.
  await uploader.getByRole('link', { name: 'Open the upload’s details' }).click();
  const detailsUrl = uploader.url();
  await owner.goto(detailsUrl);
  await expect(owner.getByRole('heading', { level: 1, name: 'sales-v2.csv' })).toBeVisible();
  await owner.getByRole('button', { name: 'Roll back' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Roll back' }).click();
  await expect(owner.getByText(/^Rolled back: /)).toBeVisible({ timeout: 30_000 });
  expect(await totals(owner, authorization)).toEqual(loaded);
  await screenshotsAtWidths(owner, SCREENS, 'upload-rolled-back');

  // History: the owner sees the organisation's uploads, filterable by person.
  await owner.goto(`${urls.app}/data/upload/history`);
  await owner.getByLabel('Person').selectOption({ label: 'Uma Uploader' });
  await expect(owner.getByRole('link', { name: 'sales-v2.csv' })).toBeVisible();
  await owner.getByLabel('Status').selectOption({ label: 'Rolled back' });
  await expect(owner.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await screenshotsAtWidths(owner, SCREENS, 'upload-history');
});

/** Starts an upload of `bytes` bytes that sends none (tus creation only); answers its id. */
async function startWithoutBytes(page: Page, authorization: string, filename: string): Promise<string> {
  const metadata = Object.entries({ filename, kind: 'transactions', mode: 'append' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await page.request.post(`${urls.app}/api/uploads/v1/files/`, {
    headers: { authorization, 'tus-resumable': '1.0.0', 'upload-length': '2048', 'upload-metadata': metadata },
  });
  expect(created.status(), await created.text()).toBe(201);
  return created.headers().location!.split('/').pop()!;
}

// After the test above: its sales.csv is loaded again (its new version was rolled back).
test('[U7][U15][U20] a new version replaces only the upload chosen for it, another person’s upload of the kind keeps its rows; uploads still receiving are cancelled from the history by their creator and by the owner', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const uploader = await newSignedInPage(browser, 'uploader@acme.example');
  const owner = await newSignedInPage(browser, 'owner@acme.example');
  const bearerOf = (page: Page) =>
    page
      .waitForRequest((request) => request.url().includes('/api/uploads/v1/uploads/'))
      .then((request) => request.headers().authorization!);
  const ownerBearer = bearerOf(owner);
  await owner.goto(`${urls.app}/data/upload/history`);
  const authorization = await ownerBearer;

  // Another person's transactions upload: the owner's own sale on the second merchant.
  await owner.goto(`${urls.app}/data/upload`);
  await chooseAndUpload(
    owner,
    'Transactions',
    'owner-sales.csv',
    [header('transactions'), `${RUN}-O1,${MIDS[1]},${day}T14:00:00Z,5.00,USD,visa,credit,chip,approved,`, ''].join(
      '\n',
    ),
  );
  await owner.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(owner.getByText('Done: 1 row, 1 loaded, 0 rejected.')).toBeVisible({ timeout: 30_000 });
  expect(await totals(owner, authorization)).toEqual({ [MIDS[0]!]: [30.5, 2], [MIDS[1]!]: [39.25, 3] });
  await owner.getByRole('link', { name: 'Open the upload’s details' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'owner-sales.csv' })).toBeVisible();
  const ownersUpload = owner.url();

  // The uploader does not see the owner's upload: the details say so, and reloading would not help.
  await uploader.goto(ownersUpload);
  await expect(uploader.getByRole('heading', { level: 1, name: 'Upload not found' })).toBeVisible();
  await expect(uploader.getByRole('alert')).toHaveText('This upload does not exist or is not yours.');

  // A file name with a text-direction override is refused when the file is chosen, before a byte is sent.
  await uploader.goto(`${urls.app}/data/upload`);
  await chooseAndUpload(uploader, 'Transactions', 'invoice\u202Evsc.csv', TRANSACTIONS);
  await expect(uploader.getByRole('alert').filter({ hasText: 'The file name' })).toHaveText(
    'The file name must not contain control characters or text-direction marks: rename the file and choose it again.',
  );
  await expect(uploader.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  // The uploader's new version of sales.csv: the choice offers only their own uploads, the same name preselected.
  await chooseAndUpload(
    uploader,
    'Transactions',
    'sales.csv',
    [header('transactions'), `${RUN}-N1,${MIDS[0]},${day}T15:00:00Z,7.00,USD,visa,credit,chip,approved,`, ''].join(
      '\n',
    ),
    'New version',
  );
  const replaces = uploader.getByLabel('Replaces');
  await expect(replaces.locator('option:checked')).toHaveText(/^sales\.csv, /);
  await expect(replaces.locator('option', { hasText: 'owner-sales.csv' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(uploader);
  await screenshotsAtWidths(uploader, SCREENS, 'upload-new-version');
  await uploader.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(uploader.getByText('Done: 1 row, 1 loaded, 0 rejected.')).toBeVisible({ timeout: 30_000 });
  // sales.csv's rows gave way to the new version's; the owner's sale is untouched
  expect(await totals(owner, authorization)).toEqual({ [MIDS[0]!]: [7, 1], [MIDS[1]!]: [5, 1] });

  // Two uploads that never send their bytes: the uploader cancels their own (tus termination) from the history.
  const uploaderBearer = bearerOf(uploader);
  await uploader.goto(`${urls.app}/data/upload/history`);
  const mine = await startWithoutBytes(uploader, await uploaderBearer, 'stalled.csv');
  const theirs = await startWithoutBytes(uploader, await uploaderBearer, 'stalled-too.csv');
  await uploader.reload();
  await expect(uploader.getByRole('row', { name: /stalled\.csv/ })).toContainText('Receiving: 0 B of 2.0 KB');
  await uploader.getByRole('button', { name: 'Cancel the upload of stalled.csv' }).click();
  const dialog = uploader.getByRole('alertdialog');
  await expect(dialog).toHaveAccessibleName(
    'Cancel the upload of stalled.csv? The part received so far is deleted, and the file must be sent again from the start.',
  );
  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(uploader.getByRole('status')).toHaveText(
    'The upload of stalled.csv was cancelled: the part received is deleted, and the file can be sent again from the start.',
  );
  await expect(
    uploader
      .getByRole('row', { name: /stalled\.csv/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('Cancelled');
  await expect(uploader.getByRole('button', { name: 'Cancel the upload of stalled.csv' })).toHaveCount(0);

  // The owner cancels the other one (the uploads API); "Keep it" first leaves it receiving.
  await owner.goto(`${urls.app}/data/upload/history`);
  await owner.getByRole('button', { name: 'Cancel the upload of stalled-too.csv' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Keep it' }).click();
  await expect(owner.getByRole('row', { name: /stalled-too\.csv/ })).toContainText('Receiving');
  await owner.getByRole('button', { name: 'Cancel the upload of stalled-too.csv' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Cancel upload' }).click();
  await expect(owner.getByRole('status')).toHaveText(
    'The upload of stalled-too.csv was cancelled: the part received is deleted, and the file can be sent again from the start.',
  );
  await expect(
    owner
      .getByRole('row', { name: /stalled-too\.csv/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('Cancelled');
  // the history names the series: the new version is version 3 of sales.csv's
  await expect(
    owner
      .getByRole('row', { name: /^sales\.csv/ })
      .first()
      .getByRole('cell')
      .nth(3),
  ).toHaveText(/^3 of upload \d+$/);
  await expectNoSeriousAxeViolations(owner);
  await screenshotsAtWidths(owner, SCREENS, 'upload-history-cancelled');
  for (const id of [mine, theirs])
    expect(
      (
        await (
          await owner.request.get(`${urls.app}/api/uploads/v1/uploads/${id}`, { headers: { authorization } })
        ).json()
      ).status,
    ).toBe('cancelled');
});

// After the tests above, whose uploads the history lists (tests of a file run in order, in one worker).
test('[U1][U20] framed: support staff acting as the uploader without support_write read the history and the details, and cannot upload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(allowedHost);
  await mountInPage(page, {
    token: await idTokenFor('support@payportal.example'),
    email: 'uploader@acme.example',
    name: 'Uma Uploader',
    impersonation: true,
    initPath: '/data/upload/history',
  });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  const portal = portalIn(page);
  await expect(portal.getByRole('heading', { level: 1, name: 'Upload history' })).toBeVisible();
  await expect(portal.getByRole('table').locator('tbody tr').first()).toBeVisible();
  mkdirSync(SCREENS, { recursive: true });
  for (const shot of [1280, 390]) {
    await page.setViewportSize({ width: shot, height: 900 });
    await page.setViewportSize({
      width: shot,
      height: await page.evaluate(() => document.documentElement.scrollHeight),
    });
    await screenshot(page, { path: `${SCREENS}/framed-history-${shot}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await portal.getByRole('table').getByRole('link').first().click();
  await expect(portal.getByRole('region', { name: 'Rejected rows' })).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await portal.getByRole('link', { name: 'Upload history' }).click();
  await portal.getByRole('link', { name: 'Upload data' }).click();
  await portal.getByLabel('Kind').selectOption({ label: 'Merchants' });
  await portal
    .getByLabel('CSV file')
    .setInputFiles({ name: 'merchants.csv', mimeType: 'text/csv', buffer: Buffer.from(MERCHANTS) });
  await expect(portal.getByText(/^Check passed/)).toBeVisible();
  await expect(portal.getByRole('note').filter({ hasText: 'support_write' })).toHaveText(
    'You are viewing this portal in read-only support mode: checking a file works, but uploading needs the support_write permission.',
  );
  await expect(portal.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  for (const shot of [1280, 390]) {
    await page.setViewportSize({ width: shot, height: 900 });
    await page.setViewportSize({
      width: shot,
      height: await page.evaluate(() => document.documentElement.scrollHeight),
    });
    await screenshot(page, { path: `${SCREENS}/framed-upload-${shot}.png` });
  }
});
