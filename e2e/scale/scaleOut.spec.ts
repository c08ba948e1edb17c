// `npm run start:scale`'s topology in Chromium (playwright.scale.config.ts): two API processes over a
// PostgreSQL and a ClickHouse server, behind the reverse proxy the browser talks to. Standalone, then
// framed in the partner demo: the merchant-level page finds the planted card-testing merchant and shows
// its Performance figure, an upload loads its good rows and rejects its bad one, and the revenue
// optimizer shows its P&L. Each figure is the query or optimizer API's answer to the same question,
// asked through the proxy; the X-PayPortal-Instance header of the browser's answers names both processes.
import { OPTIMIZER_PATHS, pnlResultSchema } from '@payportal/shared/optimizer';
import { expect, type FrameLocator, type Page, type Request, type Response } from '@playwright/test';
import { allowedHost, idTokenFor, mountInPage, navigateInPage, portalIn, readRecord, test } from '../embedHost.ts';
import { askAsPage, credentialsOf } from '../support/askAsPage.ts';
import { performanceGsvFromApi, watchedCardTester } from '../support/merchantFigures.ts';
import { expectPnlTotals } from '../support/optimizerFigures.ts';
import { signIn } from '../support/signIn.ts';
import { chooseAndUpload, header, uploadedTotals } from '../support/uploadFiles.ts';
import { urls } from '../urls.ts';

/** The header naming the API process that made an answer (every answer, outside production). */
const INSTANCE_HEADER = 'x-payportal-instance';
/** The processes e2e/scale/globalSetup.ts starts behind the proxy. */
const PROCESSES = ['api-1', 'api-2'];

/** Which API process answered the browser's requests to the portal (its frames' included), per part of a test. */
function watchInstances(pages: Page[]) {
  const tally = new Map<string, Map<string, number>>();
  let part = 'sign-in';
  const note = (response: Response) => {
    if (!response.url().startsWith(`${urls.app}/`)) return;
    const instance = response.headers()[INSTANCE_HEADER] ?? '(no header)';
    const counts = tally.get(part) ?? new Map<string, number>();
    counts.set(instance, (counts.get(instance) ?? 0) + 1);
    tally.set(part, counts);
  };
  for (const page of pages) page.on('response', note);
  return {
    part(name: string) {
      part = name;
    },
    /** Prints and records one line per part, e.g. "merchant page: api-1 ×12, api-2 ×11"; answers every name seen. */
    report(): string[] {
      for (const [name, counts] of tally) {
        const line = `${name}: ${[...counts]
          .sort()
          .map(([instance, count]) => `${instance} ×${count}`)
          .join(', ')}`;
        console.log(line);
        test.info().annotations.push({ type: 'X-PayPortal-Instance', description: line });
      }
      return [...new Set([...tally.values()].flatMap((counts) => [...counts.keys()]))].sort();
    },
  };
}

/** Merchants and sales of one test's own MIDs (the two tests share an organisation). */
function uploadFiles(run: string) {
  const mids = [`${run}-1`, `${run}-2`];
  const day = new Date().toISOString().slice(0, 10);
  const merchants = [
    header('merchants'),
    `${mids[0]},One LLC,One Cafe,5812,CA,2025-01-15,processing`,
    `${mids[1]},Two Inc,Two Fuel,5541,NY,2025-02-01,processing`,
    '',
  ].join('\n');
  const sales = [
    header('transactions'),
    `${run}-A1,${mids[0]},${day}T09:00:00Z,10.00,USD,visa,credit,chip,approved,`,
    `${run}-A2,${mids[0]},${day}T10:00:00Z,20.50,USD,mastercard,debit,ecom,approved,`,
    `${run}-A3,${mids[1]},${day}T11:00:00Z,30.25,USD,amex,credit,contactless,approved,`,
    `${run}-A4,${run}-9,${day}T12:00:00Z,5.00,USD,visa,credit,chip,approved,`,
    '',
  ].join('\n');
  return { mids, merchants, sales, loaded: { [mids[0]!]: [30.5, 2], [mids[1]!]: [30.25, 1] } };
}

/**
 * On the upload screen (`root`, the page or the frame): a merchants file, then a sales file with a sale
 * of a merchant the organisation does not have; the query API then totals exactly the good rows.
 */
async function uploadAndCheck(page: Page, root: Page | FrameLocator, credentials: Record<string, string>, run: string) {
  const files = uploadFiles(run);
  await expect(root.getByRole('heading', { level: 1, name: 'Upload data' })).toBeVisible();
  await chooseAndUpload(root, 'Merchants', 'merchants.csv', files.merchants);
  await root.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(root.getByText('Done: 2 rows, 2 loaded, 0 rejected.')).toBeVisible({ timeout: 60_000 });
  await root.getByRole('button', { name: 'Upload another file' }).click();
  await chooseAndUpload(root, 'Transactions', 'sales.csv', files.sales);
  await root.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(root.getByText('Done: 4 rows, 3 loaded, 1 rejected.')).toBeVisible({ timeout: 60_000 });
  expect(await uploadedTotals(page.request, credentials, files.mids)).toEqual(files.loaded);
}

/** The watchlist's card-testing merchant opened; its Performance figure is the query API's. */
async function merchantAndCheck(page: Page, root: Page | FrameLocator, merchantCall: Promise<Request>) {
  const tester = await watchedCardTester(root);
  await tester.button.click();
  await expect(root.getByRole('heading', { level: 1, name: tester.dbaName })).toBeVisible();
  await expect(root.getByRole('article', { name: 'Card testing' }).getByText('Raised', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const performance = root.getByRole('region', { name: 'Performance' });
  await expect(performance.getByRole('button', { name: 'Download CSV' })).toBeVisible({ timeout: 30_000 });
  const credentials = await credentialsOf(await merchantCall);
  expect(await performance.getByRole('definition').first().innerText()).toBe(
    await performanceGsvFromApi(page.request, credentials, tester.mid),
  );
  return credentials;
}

/** The P&L the screen asked for first: its totals strip and first row are the optimizer API's answer. */
async function pnlAndCheck(page: Page, root: Page | FrameLocator, pnlCall: Promise<Request>) {
  const request = await pnlCall;
  const asked = pnlResultSchema.parse(await askAsPage(page, request, request.postDataJSON()));
  const table = root.getByRole('table', { name: 'Merchant P&L' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expectPnlTotals(root, asked.totals);
  await expect(table.locator('tbody tr').first().locator('td').first()).toHaveText(asked.rows[0]!.name);
}

const merchantCallOf = (page: Page) => page.waitForRequest((request) => request.url().includes('/api/merchants/v1/'));
const pnlCallOf = (page: Page) => page.waitForRequest((request) => request.url().endsWith(OPTIMIZER_PATHS.pnl()));

test('standalone through the proxy: the merchant page, an upload and the optimizer’s P&L on ClickHouse agree with the APIs, and both API processes answered the browser', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await browser.newPage();
  const optimizer = await browser.newPage();
  const instances = watchInstances([owner, optimizer]);
  await signIn(owner, 'owner@acme.example');

  instances.part('merchant page');
  const merchantCall = merchantCallOf(owner);
  await owner.goto(`${urls.app}/amla`);
  const credentials = await merchantAndCheck(owner, owner, merchantCall);

  instances.part('upload');
  await owner.goto(`${urls.app}/data/upload`);
  await uploadAndCheck(owner, owner, credentials, `S${Date.now() % 1_000_000}`);

  instances.part('sign-in');
  // The standalone revenue-optimizer user: optimizer@ signs in only through its partner (SECURITY.md #3).
  await signIn(optimizer, 'embedded@acme.example', { landsOn: /\/(home|revenue-optimizer|terms)$/ });
  if (optimizer.url().endsWith('/terms')) {
    await optimizer.getByRole('switch', { name: 'I agree to the Terms and Conditions' }).check();
    await optimizer.getByRole('button', { name: 'Accept' }).click();
    await expect(optimizer.getByRole('heading', { name: 'Revenue Optimizer' })).toBeVisible();
  }
  instances.part('revenue optimizer');
  const pnlCall = pnlCallOf(optimizer);
  await optimizer.goto(`${urls.app}/revenue-optimizer`);
  await pnlAndCheck(optimizer, optimizer, pnlCall);

  expect(instances.report()).toEqual(PROCESSES);
});

test('framed in the partner demo through the proxy: support staff with support_write viewing the owner’s merchant page and uploading, then the partner’s optimizer user’s P&L, agree with the APIs, and both API processes answered the frame', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const instances = watchInstances([page]);
  await page.goto(allowedHost);
  instances.part('merchant page');
  const merchantCall = merchantCallOf(page);
  await mountInPage(page, {
    token: await idTokenFor('support-lead@payportal.example'),
    email: 'owner@acme.example',
    name: 'Olivia Owner',
    impersonation: true,
    initPath: '/amla',
  });
  // The frame's first load on this stack: its assets, the sign-in and the impersonation exchange, all through
  // the proxy; on a loaded machine that has taken more than the default 10 s.
  await expect.poll(async () => (await readRecord(page)).ready, { timeout: 30_000 }).toBe('resolved');
  const portal = portalIn(page);
  const credentials = await merchantAndCheck(page, portal, merchantCall);
  expect(credentials['impersonate-user']).toBe('owner@acme.example');

  instances.part('upload');
  await navigateInPage(page, '/data/upload');
  await uploadAndCheck(page, portal, credentials, `F${Date.now() % 1_000_000}`);

  // The optimizer user signed in by the partner (Northwind's session token, no SMS step), opening the optimizer.
  instances.part('sign-in');
  await page.goto(urls.demo);
  await page.getByRole('radio', { name: 'Partner user' }).check();
  await page.getByLabel('Email').fill('optimizer@acme.example');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Portal ready · embedded user (revenue optimizer only) · not the organisation owner',
    { timeout: 20_000 },
  );
  instances.part('revenue optimizer');
  const pnlCall = pnlCallOf(page);
  await portal.getByRole('link', { name: /^Revenue Optimizer/ }).click();
  await pnlAndCheck(page, portal, pnlCall);

  expect(instances.report()).toEqual(PROCESSES);
});
