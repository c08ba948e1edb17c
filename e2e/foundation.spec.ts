import { expect, test } from '@playwright/test';
import { projectId, urls } from './urls.ts';

test('the partner demo frames the portal, whose document loads from the other site, after its own sign-in', async ({
  page,
}) => {
  await page.goto(urls.demo);
  await expect(page.getByRole('heading', { name: 'Northwind Partner Portal' })).toBeVisible();
  // The frame without a session says it is waiting: e2e/embed-protocol.spec.ts ([O1], [V2]).
  await page.getByRole('button', { name: 'Sign in' }).click();
  const frameElement = page.locator('iframe[title="PayPortal"]');
  await expect(frameElement).toBeVisible();
  const frame = await (await frameElement.elementHandle())!.contentFrame();
  // Until the frame has navigated its URL is empty or about:blank: poll the URL, not its parsed origin.
  await expect.poll(() => frame?.url()).toMatch(new RegExp(`^${urls.app}/`));
  expect(new URL(urls.app).origin).not.toBe(new URL(page.url()).origin);
});

test('the standalone portal opens its sign-in page', async ({ page }) => {
  await page.goto(urls.app);
  await expect(page).toHaveURL(`${urls.app}/auth`);
  await expect(page.getByRole('heading', { name: 'Sign in to PayPortal' })).toBeVisible();
});

test('the code inbox shows the code of a password reset the emulator sent', async ({ page, request }) => {
  const sent = await request.post(
    `${urls.emulator}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`,
    { data: { requestType: 'PASSWORD_RESET', email: 'analyst@acme.example' } },
  );
  expect(sent.ok()).toBe(true);
  const codes = await (await request.get(`${urls.emulator}/emulator/v1/projects/${projectId}/oobCodes`)).json();
  const code = codes.oobCodes.at(-1).oobCode as string;
  await page.goto(urls.inbox);
  // Found by its code: other tests may have sent resets to the same address in this run.
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('analyst@acme.example');
  await expect(row).toContainText('PASSWORD_RESET');
  await expect(row.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    new RegExp(`^${urls.app}/usermgmt/action\\?mode=resetPassword&oobCode=${code}`),
  );
});
