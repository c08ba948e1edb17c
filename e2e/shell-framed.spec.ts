// The shell inside a partner's frame: no header, no standalone-only routes, and a
// role guard's refusal explained in the frame with the way home, never `unauthorized`. Real session: an emulator ID token through the SDK.
import { expect, type Page } from '@playwright/test';
import { allowedHost, idTokenFor, mountInPage, navigateInPage, portalIn, readRecord, test } from './embedHost.ts';

async function mountAsStaff(page: Page, initPath: string) {
  await page.goto(allowedHost);
  await mountInPage(page, {
    token: await idTokenFor('staff@payportal.example'),
    email: 'staff@payportal.example',
    name: 'Sam Staff',
    initPath,
  });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
}

test('framed, a query user on /revenue-optimizer reads that the page is not open to them and goes home from there, not unauthorized, and there is no header', async ({
  page,
}) => {
  await mountAsStaff(page, '/revenue-optimizer');
  await expect(portalIn(page).getByRole('heading', { name: 'Not available here' })).toBeVisible();
  await expect(portalIn(page).getByRole('alert')).toHaveText('Your account does not have access to this page.');
  await portalIn(page).getByRole('link', { name: 'Go to Home' }).click();
  await expect(portalIn(page).getByRole('heading', { name: 'Welcome to PayPortal' })).toBeVisible();
  await expect.poll(async () => (await readRecord(page)).events).toContain('route "/home"');
  expect((await readRecord(page)).events.filter((event) => event.startsWith('unauthorized'))).toEqual([]);
  await expect(portalIn(page).getByRole('banner')).toHaveCount(0);
  await expect(portalIn(page).getByRole('link', { name: 'PayPortal home' })).toHaveCount(0);
});

test('framed, /profile says it opens only in PayPortal and logout=true is ignored', async ({ page }) => {
  await mountAsStaff(page, '/profile');
  await expect(portalIn(page).getByRole('heading', { name: 'Not available here' })).toBeVisible();
  await expect(portalIn(page).getByRole('link', { name: 'Go to Home' })).toBeVisible();
  await navigateInPage(page, '/dashboards?logout=true');
  await expect(portalIn(page).getByRole('heading', { name: 'Dashboards' })).toBeVisible();
  expect((await readRecord(page)).events.filter((event) => event.startsWith('unauthorized'))).toEqual([]);
});
