// Alerts and subscriptions in Chromium against the real stack: a person creates an alert from a
// template and subscribes to a dashboard from the UI, standalone and in the partner's frame, and finds
// both mails in the dev inbox (the stack's own SMTP server received them), beside the seeded alert's
// mail to owner@acme from the stack's first start. ALERT_SCREENS=<folder> keeps
// screenshots of /alerts and the subscribe dialog at 1280 and 390 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { idTokenFor, mountInPage, portalIn, readRecord, allowedHost, test } from './embedHost.ts';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

const SCREENS = process.env.ALERT_SCREENS ?? '';

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

type Screen = Page | FrameLocator;

async function createAlert(screen: Screen, name: string): Promise<void> {
  await expect(screen.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await screen.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'VAMP ratio nearing 1.5 %' });
  await screen.getByRole('textbox', { name: 'Name' }).fill(name);
  await screen.getByRole('button', { name: 'Create alert' }).click();
  await expect(screen.getByRole('status').filter({ hasText: `${name} is saved` })).toBeVisible();
}

async function subscribeToOverview(screen: Screen, name: string, onDialog?: () => Promise<void>): Promise<void> {
  await screen.getByRole('link', { name: 'Portfolio overview' }).first().click();
  await expect(screen.getByRole('heading', { level: 1, name: 'Portfolio overview' })).toBeVisible();
  await screen.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = screen.getByRole('dialog', { name: 'Subscribe' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await onDialog?.();
  await dialog.getByRole('button', { name: 'Subscribe and send now' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Subscribed and sent: ${name}.`, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/**
 * The dev inbox lists a mail to `to` whose subject holds `subject` (read again until it does). The page is
 * fetched, not navigated to: it refreshes itself every 5 seconds, and a navigation of ours racing that
 * refresh was aborted (net::ERR_ABORTED).
 */
async function expectInInbox(request: APIRequestContext, to: string, subject: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const page = await (await request.get(urls.inbox)).text();
        return page.split('<tr').some((row) => row.includes(to) && row.includes(subject));
      },
      { timeout: 90_000, intervals: [1000, 2000, 3000] },
    )
    .toBe(true);
}

test('an alert and a subscription made on the screens, standalone and framed, arrive in the dev inbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'mfa@acme.example');
  await page.goto(`${urls.app}/alerts`);
  await createAlert(page, 'E2E VAMP watch');
  // axe finds nothing on /alerts, moderate findings included (it once nested a second main landmark).
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
  await screenshot(page, 'alerts-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'alerts-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`${urls.app}/dashboards`);
  await subscribeToOverview(page, 'E2E Monday overview', async () => {
    await screenshot(page, 'subscribe-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'subscribe-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  const inbox = page.request;
  // The stack's first start evaluated the seeded alert: its mail to owner@acme is there too.
  await expectInInbox(inbox, 'owner@acme.example', 'Alert: VAMP ratio nearing 1.5 %');
  await expectInInbox(inbox, 'mfa@acme.example', 'Alert: E2E VAMP watch');
  await expectInInbox(inbox, 'mfa@acme.example', 'E2E Monday overview: Portfolio overview');

  // Framed: the partner portal's user gets the mail at their own address.
  const host = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await host.goto(allowedHost);
  await mountInPage(host, {
    token: await idTokenFor('partner@acme.example'),
    email: 'partner@acme.example',
    name: 'Paula Partner',
    initPath: '/alerts',
  });
  // A framed start on a busy machine takes longer than expect's default 10 s.
  await expect.poll(async () => (await readRecord(host)).ready, { timeout: 60_000 }).toBe('resolved');
  const portal = portalIn(host);
  await createAlert(portal, 'E2E framed watch');
  await screenshot(host, 'alerts-framed-1280');
  await portal.getByRole('link', { name: 'dashboard' }).click();
  await subscribeToOverview(portal, 'E2E framed overview');
  await expectInInbox(inbox, 'partner@acme.example', 'Alert: E2E framed watch');
  await expectInInbox(inbox, 'partner@acme.example', 'E2E framed overview: Portfolio overview');
});
