// Against the real stack: each seeded role signs in through the real
// /auth screen (e2e/support/signIn.ts), sees exactly the header its role gets, and is redirected
// where the route table says when it types another route. One sign-in per role; several checks per sign-in.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

const QUERY_BUTTONS = ['Query Builder', 'Dashboards', 'Merchant-Level'];
const BASE_MENU = ['Home', 'Documents', 'Query Builder', 'Dashboards', 'Merchant-Level', 'Alerts', 'Disputes'];
const UPLOAD_MENU = ['Upload data', 'Upload history'];

/** Sign out for a user without the query role, beside a menu of the screens their roles open, and no query buttons. */
async function expectNoQueryHeader(page: Page, menu: string[]) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Query Builder' })).toHaveCount(0);
  expect(await openMenu(page)).toEqual([...menu, 'Sign out']);
  await page.keyboard.press('Escape');
}

/** Types a path in the address bar and waits for where the app settles. */
async function typeRoute(page: Page, path: string, landsOn: string) {
  await page.goto(`${urls.app}${path}`);
  await expect(page).toHaveURL(`${urls.app}${landsOn}`);
}

async function headerButtons(page: Page) {
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  return nav.getByRole('list').getByRole('link').allTextContents();
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  return page.getByRole('menu').getByRole('menuitem').allTextContents();
}

/** Only what blocks people counts here: serious and critical violations. */
async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('an owner with query and upload roles sees the owner menu and reaches owner, upload and query routes', async ({
  page,
}) => {
  await signIn(page, 'owner@acme.example');
  expect(await headerButtons(page)).toEqual(QUERY_BUTTONS);
  await expect(page.getByRole('link', { name: 'PayPortal home' })).toHaveAttribute('href', '/home');
  expect((await page.getByRole('link', { name: 'PayPortal home' }).locator('svg').boundingBox())?.height).toBe(160); // 10rem
  expect(await openMenu(page)).toEqual([
    ...BASE_MENU,
    'Residuals',
    ...UPLOAD_MENU,
    'Profile',
    'Manage organization',
    'Sign out',
  ]);

  await page.getByRole('menuitem', { name: 'Manage organization' }).click();
  await expect(page).toHaveURL(`${urls.app}/organization/manage`);
  await expect(page.getByRole('heading', { name: 'Manage organization' })).toBeVisible();
  await typeRoute(page, '/data/upload/history', '/data/upload/history');
  await typeRoute(page, '/revenue-optimizer', '/home');
  // The old path moves to the dashboard's edit route, which says there is no dashboard 12 here.
  await typeRoute(page, '/report/12/edit', '/dashboard/12/edit');
  await expect(page.getByRole('alert')).toHaveText('This dashboard was not found.');
});

test('a query-only user sees the query buttons and the plain menu, and is sent home from owner and upload routes', async ({
  page,
}) => {
  await signIn(page, 'staff@payportal.example');
  expect(await headerButtons(page)).toEqual(QUERY_BUTTONS);
  expect(await openMenu(page)).toEqual([...BASE_MENU, 'Profile', 'Sign out']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  await typeRoute(page, '/organization/manage', '/home');
  await typeRoute(page, '/data/upload', '/home');
  await typeRoute(page, '/terms', '/home');
  await typeRoute(page, '/reports', '/dashboards');
  await typeRoute(page, '/no-such-page', '/home');

  // The organisation prefix picks the theme and stays through navigation.
  const buttonColour = () =>
    page
      .getByRole('banner')
      .getByRole('link', { name: 'Dashboards' })
      .evaluate((link) => getComputedStyle(link).color);
  const defaultColour = await buttonColour();
  await typeRoute(page, '/acme/home', '/acme/home');
  await expect(page.locator('[data-theme]')).toHaveAttribute('data-theme', 'acme');
  expect(await buttonColour()).not.toBe(defaultColour);
  await page.getByRole('banner').getByRole('link', { name: 'Dashboards' }).click();
  await expect(page).toHaveURL(`${urls.app}/acme/dashboards`);

  // Sign out from the menu, then a guarded route asks for sign-in again.
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${urls.app}/acme/auth`);
  await typeRoute(page, '/dashboards', '/auth');
});

test('an uploader sees Sign out and a menu reaching home, documents and the upload screens, and is sent to /profile from query routes', async ({
  page,
}) => {
  await signIn(page, 'uploader@acme.example');
  await expectNoQueryHeader(page, ['Home', 'Documents', ...UPLOAD_MENU, 'Profile']);
  await typeRoute(page, '/data/upload', '/data/upload');
  await typeRoute(page, '/dashboards', '/profile');
  await typeRoute(page, '/amla', '/profile');
  await typeRoute(page, '/organization/manage', '/home');
  await typeRoute(page, '/revenue-optimizer', '/home');
});

test('an upload admin sees Sign out and the upload screens in the menu, and reaches the upload routes, not the query routes', async ({
  page,
}) => {
  await signIn(page, 'upload-admin@acme.example');
  await expectNoQueryHeader(page, ['Home', 'Documents', ...UPLOAD_MENU, 'Profile']);
  // The upload details route: an id that is not a number gets its own not-found page, not a query route.
  await typeRoute(page, '/data/upload/abc-1', '/data/upload/abc-1');
  await expect(page.getByRole('heading', { name: 'Upload not found' })).toBeVisible();
  await expect(page.getByText('This upload does not exist or is not yours.')).toBeVisible();
  await typeRoute(page, '/csv/new', '/profile');
  await typeRoute(page, '/dashboards?logout=true', '/auth');
  await typeRoute(page, '/home', '/auth');
});

test('the embedded-only user lands on /terms, accepts, and lands on /revenue-optimizer', async ({ page }) => {
  await signIn(page, 'embedded@acme.example', { landsOn: '/terms' });
  await typeRoute(page, '/dashboards', '/terms');
  const accept = page.getByRole('button', { name: 'Accept' });
  await expect(page.getByRole('region', { name: 'Terms and Conditions text' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expect(accept).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeEnabled();
  await page.getByRole('switch', { name: 'I agree to the Terms and Conditions' }).check();
  await accept.click();
  await expect(page).toHaveURL(`${urls.app}/revenue-optimizer`);
  await expect(page.getByRole('heading', { name: 'Revenue Optimizer' })).toBeVisible();
  await expectNoQueryHeader(page, ['Home', 'Documents', 'Revenue Optimizer', 'Profile']);

  // The acceptance was recorded by the API: a fresh load no longer sends the user to /terms.
  await typeRoute(page, '/home', '/home');
  await typeRoute(page, '/terms', '/home');
  await typeRoute(page, '/csv/new', '/revenue-optimizer');
  await typeRoute(page, '/organization/manage', '/home');
});

test('a demo organisation sees the demo banner; home and the open menu have no serious accessibility violation', async ({
  page,
}) => {
  await signIn(page, 'demo@demo-payments.example');
  await expect(page.getByText('The big data solution for the modern acquirer.')).toBeVisible();
  await expect(page.getByRole('note', { name: 'Demo organization' })).toContainText(
    'The data and metrics shown here are artificial and for demonstration only. The provider is not liable for any decisions based on them.',
  );
  await expectNoSeriousViolations(page);

  const trigger = page.getByRole('button', { name: 'Account menu for Dana Demo' });
  await expect(trigger.getByTestId('avatar')).toHaveText('D');
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(trigger).toBeFocused();
});
