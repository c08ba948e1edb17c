// The embed protocol with real sessions: the partner demo as a user drives it, and the script-tag host
// page for what a user cannot trigger. Needs the API's authenticate route.
import { API_PATHS } from '@payportal/shared/identity';
import { expect, type Page } from '@playwright/test';
import { allowedHost, idTokenFor, mountInPage, navigateInPage, portalIn, readRecord, test } from './embedHost.ts';
import { urls } from './urls.ts';

const TOKEN_REJECTED = 'The partner portal’s sign-in could not be verified. Please sign in again.';

async function signInToDemo(page: Page, role: 'Partner user' | 'PayPortal support staff') {
  await page.goto(urls.demo);
  await page.getByRole('radio', { name: role }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function impersonate(page: Page, email: string, ready: string) {
  await page.getByRole('combobox', { name: 'View the portal of' }).fill(email);
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByRole('status')).toHaveText(ready);
}

/**
 * [I2] Records the portal API calls the page's frames make; `check()` asserts that impersonated calls
 * were made and that every one carried an impersonation token, never the support person's ID token.
 */
function watchImpersonatedCalls(page: Page) {
  const calls: Promise<{ path: string; authorization: string; impersonate: string | undefined } | null>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(urls.app).origin || !url.pathname.startsWith('/api/')) return;
    // A call the page makes as the test ends (a screen's late request) has no headers to read: it is left out.
    calls.push(
      request.allHeaders().then(
        (headers) => ({
          path: url.pathname,
          authorization: headers.authorization ?? '',
          impersonate: headers['impersonate-user'],
        }),
        () => null,
      ),
    );
  });
  return {
    async check() {
      const made = (await Promise.all(calls)).filter((call) => call !== null);
      const impersonated = made.filter((call) => call.impersonate !== undefined);
      expect(impersonated.length).toBeGreaterThan(0);
      for (const call of impersonated)
        expect(call.authorization, `${call.path} as ${call.impersonate}`).toMatch(/^Bearer imp_/);
      // The exchanges carry the ID token, and never the header.
      const exchanges = made.filter((call) => call.path === API_PATHS.impersonation);
      expect(exchanges.length).toBeGreaterThan(0);
      for (const call of exchanges) expect(call.impersonate).toBeUndefined();
    },
  };
}

/** The demo log's frame → host lines, less content heights (they arrive whenever the content resizes). */
async function receivedFromFrame(page: Page): Promise<string[]> {
  const lines = await page.getByRole('log').getByRole('listitem').allTextContents();
  return lines.filter((line) => line.startsWith('frame → host:') && !line.startsWith('frame → host: height'));
}

/** What `ready` rejected with: the error's code and reason, read in the page. */
const readyFailure = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { portal: { ready: Promise<void> } }).portal.ready.then(
      () => null,
      (error: { code: string; reason?: string }) => ({ code: error.code, reason: error.reason ?? null }),
    ),
  );

test('[H2][M2][T2] a partner user signs in to the demo and sees their portal, with every message in the log', async ({
  page,
}) => {
  // The demo's server signs a session token for its user; the frame exchanges it for an ID token.
  const exchanged = page.waitForResponse((response) => response.url().endsWith(API_PATHS.partnerSession));
  await signInToDemo(page, 'Partner user');
  expect((await exchanged).status()).toBe(201);
  await expect(page.getByRole('status')).toHaveText('Portal ready · portal user · not the organisation owner');
  await expect(portalIn(page).getByText('The big data solution for the modern acquirer.')).toBeVisible();
  const log = page.getByRole('log');
  for (const line of [
    'frame → host: hello protocol 1',
    'host → frame: session partner@acme.example at /home',
    'frame → host: session',
    'frame → host: route /home',
  ]) {
    await expect(log).toContainText(line);
  }
  await expect(log).toContainText(/frame → host: height \d+px/);
  await expect(page).toHaveURL(/\?path=%2Fhome$/);
  // no header in the frame; the token never reaches the frame's DOM or URL.
  await expect(portalIn(page).getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(urls.app))!;
  expect(frame.url()).not.toMatch(/token|eyJ/);
  expect(await frame.content()).not.toContain('eyJ');
});

test('the partner demo looks like a partner portal: its own header and navigation, the portal as its main panel, the log in a drawer', async ({
  page,
}) => {
  await signInToDemo(page, 'Partner user');
  await expect(page.getByRole('status')).toHaveText('Portal ready · portal user · not the organisation owner');
  const header = page.getByRole('banner');
  await expect(
    header.getByRole('navigation', { name: 'Northwind' }).getByRole('link', { name: 'Analytics' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('main').locator('iframe[title="PayPortal"]')).toBeVisible();
  const drawer = page.getByRole('complementary', { name: 'Message log of PayPortal' });
  await expect(drawer.getByRole('log')).toContainText('frame → host: hello protocol 1');
  await header.getByRole('button', { name: 'Message log' }).click();
  await expect(drawer).toBeHidden();
  await header.getByRole('button', { name: 'Message log' }).click();
  await expect(drawer).toBeVisible();
});

test('[M1][M2] the frame’s route is mirrored in the demo’s URL, the back button steps back, and a deep link opens there', async ({
  page,
}) => {
  await signInToDemo(page, 'Partner user');
  await expect(page).toHaveURL(/\?path=%2Fhome$/);
  await portalIn(page)
    .getByRole('link', { name: /^Documents/ })
    .click();
  await expect(page).toHaveURL(/\?path=%2Fdocuments$/);
  await expect(portalIn(page).getByRole('heading', { name: 'Documents' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?path=%2Fhome$/);
  await expect(page.getByRole('log')).toContainText('host → frame: navigate /home');
  await expect(portalIn(page).getByText('The big data solution for the modern acquirer.')).toBeVisible();
  // The demo keeps its sign-in for the tab: a link with ?path= opens the portal at that page.
  await page.goto(`${urls.demo}/?path=%2Fdashboards`);
  await expect(portalIn(page).getByRole('heading', { name: 'Dashboards' })).toBeVisible();
});

test('[I1][I2][M1] support staff impersonate one seeded user, then another, without reloading the frame, with impersonation tokens only', async ({
  page,
}) => {
  const calls = watchImpersonatedCalls(page);
  await signInToDemo(page, 'PayPortal support staff');
  await expect(page.getByRole('status')).toHaveText('Portal ready · portal user · not the organisation owner');
  const frame = page.frames().find((candidate) => candidate.url().startsWith(urls.app))!;
  await frame.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await impersonate(page, 'owner@acme.example', 'Portal ready · portal user · owns the organisation');
  await expect(page.getByRole('log')).toContainText('host → frame: setUser owner@acme.example (impersonation)');
  // [M6] Impersonation is visible in the frame at once, before any write fails.
  await expect(portalIn(page).getByRole('note', { name: 'Impersonation' })).toHaveText(
    'Viewing as Olivia Owner — read-only',
  );
  expect(await frame.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  await calls.check();
  // The token stays in memory: not in the frame's URL or DOM.
  expect(frame.url()).not.toContain('imp_');
  expect(await frame.content()).not.toContain('imp_');
});

test('[I1][I2][M2] support staff view an embedded user’s terms read-only; Decline tells the demo termsDeclined, unauthorized, routeHome', async ({
  page,
}) => {
  const calls = watchImpersonatedCalls(page);
  await signInToDemo(page, 'PayPortal support staff');
  await impersonate(
    page,
    'newcomer@demo-payments.example',
    'Portal ready · embedded user (revenue optimizer only) · not the organisation owner',
  );
  const terms = portalIn(page).getByRole('heading', { name: 'Terms and Conditions' });
  await expect(terms).toBeVisible();
  await portalIn(page).getByRole('switch', { name: 'I agree to the Terms and Conditions' }).check();
  await portalIn(page).getByRole('button', { name: 'Accept' }).click();
  await expect(portalIn(page).getByRole('alert')).toHaveText(
    'Your acceptance could not be saved: Impersonated sessions are read-only without the support_write permission.',
  );
  // Nothing was recorded: viewing another user and coming back still finds the terms unaccepted.
  await impersonate(
    page,
    'optimizer@acme.example',
    'Portal ready · embedded user (revenue optimizer only) · not the organisation owner',
  );
  // Their terms are accepted, so /terms is not theirs: framed, the portal says so with a way home.
  await expect(portalIn(page).getByRole('heading', { name: 'Not available here' })).toBeVisible();
  await impersonate(
    page,
    'newcomer@demo-payments.example',
    'Portal ready · embedded user (revenue optimizer only) · not the organisation owner',
  );
  await expect(terms).toBeVisible();

  await portalIn(page).getByRole('button', { name: 'Decline' }).click();
  await expect(portalIn(page).getByRole('status')).toHaveText('You declined the Terms and Conditions.');
  await expect(page.getByRole('alert')).toHaveText(
    "The user declined the terms. PayPortal refused this user. PayPortal asked to return to Northwind's home.",
  );
  expect((await receivedFromFrame(page)).slice(-3)).toEqual([
    'frame → host: termsDeclined',
    'frame → host: unauthorized',
    'frame → host: routeHome',
  ]);
  // The log has overflowed by now and follows the newest message.
  const scroll = await page.getByRole('log').evaluate((list) => ({
    overflows: list.scrollHeight > list.clientHeight,
    below: list.scrollHeight - list.scrollTop - list.clientHeight,
  }));
  expect(scroll.overflows).toBe(true);
  expect(scroll.below).toBeLessThan(4);
  await calls.check();
});

test('[M2][I2] Contact sales in the framed revenue optimizer reaches the demo as contactSales', async ({ page }) => {
  const calls = watchImpersonatedCalls(page);
  await signInToDemo(page, 'PayPortal support staff');
  await impersonate(
    page,
    'optimizer@acme.example',
    'Portal ready · embedded user (revenue optimizer only) · not the organisation owner',
  );
  await portalIn(page)
    .getByRole('link', { name: /^Revenue Optimizer/ })
    .click();
  await expect(page).toHaveURL(/\?path=%2Frevenue-optimizer$/);
  await portalIn(page).getByRole('button', { name: 'Contact sales about data harmonization' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The user asked to contact sales: Northwind opens its sales form here.',
  );
  expect((await receivedFromFrame(page)).at(-1)).toBe('frame → host: contactSales');
  await calls.check();
});

test('[I1] the impersonation flag from a user who is not support staff is refused and the host told unauthorized', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, {
    token: await idTokenFor('partner@acme.example'),
    email: 'owner@acme.example',
    name: 'Olivia Owner',
    impersonation: true,
  });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('embed/unauthorized');
  // onUnauthorized receives the refusal's reason (PROTOCOL.md M5, M7).
  expect((await readRecord(page)).events).toEqual(['unauthorized "api/impersonation-forbidden"', 'routeHome']);
  await expect(portalIn(page).getByRole('status')).toHaveText(
    'This portal is not available for this user. Please contact support.',
  );
  expect(await readyFailure(page)).toEqual({ code: 'embed/unauthorized', reason: 'api/impersonation-forbidden' });
});

test('[T1] after a 401 the frame asks the host once for a fresh token and carries on', async ({ page }) => {
  await page.goto(allowedHost);
  await mountInPage(page, { tokens: ['expired.or.revoked', await idTokenFor('partner@acme.example')] });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  const record = await readRecord(page);
  expect(record.tokenCalls).toBe(2);
  expect(record.log).toContain('received getToken');
  // Routes may be reported before the session: `ready` waits for the first route's content.
  expect(record.events.filter((event) => event.startsWith('session'))).toEqual([
    'session {"isEmbedded":false,"isOwner":false,"impersonating":null,"readOnly":false}',
  ]);
});

test('[M5][E1] a token of another user than the host named is refused with the reason on the error, and onError hears it', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, {
    token: await idTokenFor('partner@acme.example'),
    email: 'optimizer@acme.example',
    name: 'Otto Optimizer',
  });
  expect(await readyFailure(page)).toEqual({ code: 'embed/unauthorized', reason: 'frame/token-of-another-user' });
  expect((await readRecord(page)).errors).toEqual(['embed/unauthorized']);
});

test('[E1][E3] a getToken that resolves to an empty string fails ready with embed/bad-option naming it, and is not asked again', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, { token: '' });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('embed/bad-option');
  const message = await page.evaluate(() =>
    (window as unknown as { portal: { ready: Promise<void> } }).portal.ready.catch((error: Error) => error.message),
  );
  expect(message).toContain('getToken() must be a Promise of your user');
  // The frame asks again for the session it never got (a reload says hello anew); the host no longer
  // calls getToken once ready failed.
  const frame = page.frames().find((candidate) => candidate.url().startsWith(urls.app))!;
  await frame.evaluate(() => location.reload());
  await expect
    .poll(async () => (await readRecord(page)).log.filter((entry) => entry === 'received hello'))
    .toHaveLength(2);
  const record = await readRecord(page);
  expect(record.tokenCalls).toBe(1);
  expect(record.errors).toEqual(['embed/bad-option']);
});

test('[E3][M4] a token the portal cannot verify is asked for twice (the start and T1’s one retry), never after ready has rejected', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, { token: 'not.a.token' });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('embed/token-rejected');
  // The frame has given up (what its user reads) once it says so: no ask of its can still be on the way.
  await expect(portalIn(page).getByRole('status')).toHaveText(TOKEN_REJECTED);
  expect((await readRecord(page)).tokenCalls).toBe(2);
});

test('[E1] a setUser the portal refuses rejects with an EmbedError with a code, and onError hears it', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, { token: await idTokenFor('partner@acme.example') });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  // getToken still answers Paula's token: the frame refuses to show Olivia with it.
  const refusal = await page.evaluate(() =>
    (window as unknown as { portal: { setUser(user: object): Promise<void> } }).portal
      .setUser({ email: 'owner@acme.example', name: 'Olivia Owner' })
      .then(
        () => null,
        (error: { name: string; code: string }) => ({ name: error.name, code: error.code }),
      ),
  );
  expect(refusal).toEqual({ name: 'EmbedError', code: 'embed/unauthorized' });
  expect((await readRecord(page)).errors).toContain('embed/unauthorized');
});

test('[M2] ready resolves once the first route is drawn, not while the frame still shows Loading…', async ({
  page,
}) => {
  // The home screen's chunk is held back until the frame has asked for it: `ready` must wait for it.
  let sendChunk = () => {};
  const chunkSent = new Promise<void>((resolve) => (sendChunk = resolve));
  let chunkAsked = false;
  await page.route(/\/assets\/HomeScreen-[\w-]+\.js$/, async (route) => {
    chunkAsked = true;
    await chunkSent;
    await route.continue();
  });
  await page.goto(allowedHost);
  await mountInPage(page, { token: await idTokenFor('partner@acme.example') });
  await expect.poll(() => chunkAsked).toBe(true);
  expect((await readRecord(page)).ready).toBe('pending');
  sendChunk();
  await page.evaluate(() => (window as unknown as { portal: { ready: Promise<void> } }).portal.ready);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(urls.app))!;
  const drawn = await frame.evaluate(() => document.querySelector('main')?.textContent ?? '');
  expect(drawn).not.toContain('Loading…');
  expect(drawn).toContain('The big data solution for the modern acquirer.');
});

test('[M2] a role guard’s refusal after ready is a route change the frame explains, not unauthorized', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, { token: await idTokenFor('partner@acme.example'), initPath: '/dashboards' });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  await navigateInPage(page, '/revenue-optimizer'); // partner@acme.example holds query, not revenue_optimizer
  await expect.poll(async () => (await readRecord(page)).events.at(-1)).toBe('route "/revenue-optimizer"');
  await expect(portalIn(page).getByRole('heading', { name: 'Not available here' })).toBeVisible();
  expect(
    (await readRecord(page)).events.filter((event) => !event.startsWith('route') && !event.startsWith('session')),
  ).toEqual([]);
  expect((await readRecord(page)).errors).toEqual([]);
});

test('[X1][M3] two signed-in portals on one page: navigating one reports only there, and each sizes to its content', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, { key: 'left', slot: '#slot', token: await idTokenFor('partner@acme.example') });
  await mountInPage(page, {
    key: 'right',
    slot: '#slot2',
    token: await idTokenFor('staff@payportal.example'),
    email: 'staff@payportal.example',
    name: 'Sam Staff',
  });
  for (const key of ['left', 'right'])
    await expect.poll(async () => (await readRecord(page, key)).ready).toBe('resolved');
  await navigateInPage(page, '/documents', 'left');
  await expect.poll(async () => (await readRecord(page, 'left')).events).toContain('route "/documents"');
  expect((await readRecord(page, 'right')).events).not.toContain('route "/documents"');
  const heights = await page
    .locator('iframe')
    .evaluateAll((frames) => frames.map((frame) => (frame as HTMLIFrameElement).style.height));
  for (const height of heights) expect(height).toMatch(/^\d+px$/);
});

// Home is the short page; the merchant-level page's finder, with its watchlist, the long one.
test('[M3] the frame grows with a long page and shrinks back with a short one (no ratchet from the frame’s own height)', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, { token: await idTokenFor('partner@acme.example'), initPath: '/home' });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  const frameHeight = () =>
    page.locator('iframe').evaluate((frame) => parseInt((frame as HTMLIFrameElement).style.height, 10));
  const contentHeight = () =>
    portalIn(page)
      .locator('main')
      .evaluate((main) => Math.ceil(main.getBoundingClientRect().bottom));
  await expect(portalIn(page).getByText('The big data solution for the modern acquirer.')).toBeVisible();
  await expect.poll(frameHeight).toBe(await contentHeight());
  const short = await frameHeight();

  await navigateInPage(page, '/amla');
  await expect(portalIn(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(frameHeight).toBeGreaterThan(short);
  await navigateInPage(page, '/home');
  await expect.poll(frameHeight).toBe(short);
});

/** A partner session token signed by the demo partner's server for its signed-in user (the page's cookie). */
async function demoSessionToken(page: Page, email = 'partner@acme.example'): Promise<string> {
  const signIn = await page.request.post(`${urls.demo}/northwind/sign-in`, {
    data: { email, password: 'Portal-demo-2026' },
  });
  expect(signIn.status()).toBe(200);
  const answer = await page.request.post(`${urls.demo}/northwind/payportal-session`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

test('[T2][M4][E3] a partner session token used twice is refused with its reason partner/replayed, and getToken is asked once per need', async ({
  page,
}) => {
  await page.goto(allowedHost);
  const token = await demoSessionToken(page);
  await mountInPage(page, { tokens: [token] });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  expect((await readRecord(page)).tokenCalls).toBe(1);
  await mountInPage(page, { tokens: [token], slot: '#slot2', key: 'second' });
  await expect.poll(async () => (await readRecord(page, 'second')).ready).toBe('embed/token-rejected');
  const failure = await page.evaluate(() =>
    (window as unknown as { second: { ready: Promise<void> } }).second.ready.catch(
      (error: { code: string; reason?: string }) => ({ code: error.code, reason: error.reason }),
    ),
  );
  expect(failure).toEqual({ code: 'embed/token-rejected', reason: 'partner/replayed' });
  const record = await readRecord(page, 'second');
  expect(record.errors).toEqual(['embed/token-rejected']);
  // [T2] A refused exchange is not retried (the refusal names what the partner must fix), and [E3]
  // getToken is never asked again once ready has rejected: checked once the frame says it gave up.
  await expect(page.frameLocator('#slot2 iframe').getByRole('status')).toHaveText(TOKEN_REJECTED);
  expect((await readRecord(page, 'second')).tokenCalls).toBe(1);
});

test('[T2] a partner may create its users on first use: a Northwind user unknown to the portal is provisioned and sees the portal', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, {
    tokens: [
      await demoSessionToken(page, 'new.partner@acme.example'),
      await demoSessionToken(page, 'new.partner@acme.example'),
    ],
    email: 'new.partner@acme.example',
    name: 'Nico Newpartner',
  });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  await expect(portalIn(page).getByText('The big data solution for the modern acquirer.')).toBeVisible();
});

test('hello.html, the page a partner copies, frames the portal through a signed session', async ({ page }) => {
  await page.goto(`${urls.demo}/hello.html`);
  await expect(page.getByRole('status')).toHaveText('Ready: partner@acme.example');
  await expect(portalIn(page).getByText('The big data solution for the modern acquirer.')).toBeVisible();
});
