// The embed protocol's security rules in a real browser across two real origins (PROTOCOL.md): the
// host page is on the partner demo's origin (allowed), the portal on its own, and a third origin that
// the portal's configuration does not name. These tests need no signed-in user.
import { expect, type Frame, type Page } from '@playwright/test';
import type * as EmbedSdk from '../packages/embed-sdk/src/index.ts';
import { allowedHost, idTokenFor, mountInPage, portalIn, readRecord, test } from './embedHost.ts';
import { urls } from './urls.ts';

const WAITING = 'Waiting for the partner portal…';

async function portalFrame(page: Page, title = 'PayPortal'): Promise<Frame> {
  const handle = await page.locator(`iframe[title="${title}"]`).elementHandle();
  const frame = await handle!.contentFrame();
  await expect.poll(() => frame!.url()).toContain(new URL(urls.app).origin);
  return frame!;
}

/** A bare iframe of the portal in the allowed host page: the test plays the host by hand. */
async function frameWithoutSdk(page: Page): Promise<Frame> {
  await page.goto(allowedHost);
  await page.evaluate((src) => {
    const iframe = document.createElement('iframe');
    iframe.title = 'PayPortal';
    iframe.src = src;
    document.querySelector('#slot')!.append(iframe);
  }, urls.app);
  const frame = await portalFrame(page);
  await expect(portalIn(page).getByRole('status')).toHaveText(WAITING);
  return frame;
}

/** Posts a session message with two fresh ports to the portal frame, from `window` of the page. */
const postSession = (page: Page, message: unknown) =>
  page.evaluate(
    ({ message, origin }) => {
      const frame = document.querySelector('iframe')!.contentWindow!;
      frame.postMessage(message, origin, [new MessageChannel().port1, new MessageChannel().port1]);
    },
    { message, origin: new URL(urls.app).origin },
  );

/**
 * Counts the messages the portal frame receives, from a listener added after the portal's own: once it
 * has counted `n`, the portal's (synchronous) handler has already taken or refused each of them, so a
 * test can then check that a refused one changed nothing without waiting on a clock.
 */
async function countDelivered(frame: Frame): Promise<(n: number) => Promise<void>> {
  await frame.evaluate(() => {
    const w = window as unknown as { delivered: number };
    w.delivered = 0;
    addEventListener('message', () => (w.delivered += 1));
  });
  return async (n) => {
    await expect.poll(() => frame.evaluate(() => (window as unknown as { delivered: number }).delivered)).toBe(n);
    // What the portal drew from them is on screen after the next frame.
    await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };
}

const session = (extra: Record<string, unknown> = {}) => ({
  kind: 'payportal/session',
  version: 1,
  session: {
    token: 'not-a-real-token',
    email: 'partner@acme.example',
    name: 'Paula Partner',
    impersonation: false,
    ...extra,
  },
});

test('[H1][H2][O3] the frame says hello with its version and the host answers with the session over two ports', async ({
  page,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, { token: 'token-1' });
  await expect
    .poll(async () => (await readRecord(page)).log)
    .toEqual(expect.arrayContaining(['received hello', 'sent session']));
  // Past the handshake the frame reports over the port: here the API could not read this token, which
  // is the host's to fix, not a refused user (PROTOCOL.md M4): no onUnauthorized.
  await expect.poll(async () => (await readRecord(page)).ready).toBe('embed/token-rejected');
  expect((await readRecord(page)).events).toEqual([]);
  expect((await readRecord(page)).log).toContain('received tokenRejected');
  await expect(portalIn(page).getByRole('status')).toHaveText(
    'The partner portal’s sign-in could not be verified. Please sign in again.',
  );
});

test('[O1] a page on a third origin that frames the portal and sends a session gets nothing from it', async ({
  page,
  thirdOrigin,
}) => {
  await page.goto(`${thirdOrigin}/host`);
  await mountInPage(page, { token: 'token-1', timeoutMs: 8000 });
  await expect
    .poll(async () => (await readRecord(page)).ready, { timeout: 9000 })
    .toMatch(/^embed\/(frame-load-failed|timeout)$/);
  // What the integrator reads: the src, this page's origin and where to add it.
  const message = await page.evaluate(() =>
    (window as unknown as { portal: { ready: Promise<void> } }).portal.ready.catch((error: Error) => error.message),
  );
  expect(message).toContain(urls.app);
  expect(message).toContain(`framed by ${thirdOrigin}`);
  expect(message).toMatch(/PARTNER_ORIGINS, or EXTRA_PARTNER_ORIGINS/);
  const record = await readRecord(page);
  expect(record.log).not.toContain('received hello');
  expect(record.tokenCalls).toBe(0);
  await expect(portalIn(page).getByRole('heading', { name: 'PayPortal' })).toHaveCount(0);
});

test('[O1] a session from the right origin but another window is ignored; the same from the parent is taken', async ({
  page,
}) => {
  const delivered = await countDelivered(await frameWithoutSdk(page));
  // A sibling frame on the host's own (allowed) origin posts a well-formed session to the portal.
  await page.evaluate((host) => {
    const sibling = document.createElement('iframe');
    sibling.src = host;
    sibling.name = 'sibling';
    document.body.append(sibling);
    return new Promise((resolve) => sibling.addEventListener('load', resolve));
  }, allowedHost);
  const sibling = page.frame({ name: 'sibling' })!;
  await sibling.evaluate(
    ({ message, origin }) =>
      parent.frames[0]!.postMessage(message, origin, [new MessageChannel().port1, new MessageChannel().port1]),
    { message: session(), origin: new URL(urls.app).origin },
  );
  const status = portalIn(page).getByRole('status');
  await delivered(1);
  await expect(status).toHaveText(WAITING);
  await postSession(page, session());
  await expect(status).not.toHaveText(WAITING);
});

test('[V2] malformed, oversized and __proto__-laden messages are rejected without effect', async ({ page }) => {
  const frame = await frameWithoutSdk(page);
  const delivered = await countDelivered(frame);
  const status = portalIn(page).getByRole('status');
  await postSession(page, 'payportal/session');
  await postSession(page, { kind: 'payportal/session', version: 1 });
  await postSession(page, session({ token: 'x'.repeat(20_000) }));
  await postSession(page, session({ email: 'not an address' }));
  await postSession(page, session({ initPath: '//evil.example/' }));
  await page.evaluate(
    ({ origin }) =>
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage(
          JSON.parse(
            '{"__proto__":{"polluted":true},"kind":"payportal/session","version":1,"session":{"__proto__":{"polluted":true}}}',
          ),
          origin,
          [new MessageChannel().port1, new MessageChannel().port1],
        ),
    { origin: new URL(urls.app).origin },
  );
  await delivered(6);
  await expect(status).toHaveText(WAITING);
  expect(await frame.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
  // A well-formed session that also carries `__proto__` and unknown keys is taken, and harmless.
  await page.evaluate(
    ({ origin, message }) => {
      const withProto = JSON.parse(`{"__proto__":{"polluted":true},"extra":1}`);
      Object.assign(withProto, message);
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage(withProto, origin, [new MessageChannel().port1, new MessageChannel().port1]);
    },
    { origin: new URL(urls.app).origin, message: session() },
  );
  await expect(status).not.toHaveText(WAITING);
  expect(await frame.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
});

test('[V1] a host with another protocol version is told so and the portal says it cannot talk to it', async ({
  page,
}) => {
  await frameWithoutSdk(page);
  const answer = page.evaluate(
    () =>
      new Promise((resolve) =>
        addEventListener('message', (event) => event.data?.kind === 'payportal/incompatible' && resolve(event.data)),
      ),
  );
  await postSession(page, { ...session(), version: 2 });
  expect(await answer).toEqual({ kind: 'payportal/incompatible', version: 1 });
  await expect(portalIn(page).getByRole('status')).toHaveText(
    'This partner portal uses another version of the PayPortal SDK. Please contact support.',
  );
});

// The SDK's own checks, seen from a host on the third origin (a page with no CSP of its own) that
// frames pages posing as the portal there: the portal would refuse this host, these pages do not.
test('[V1][E1] a frame with another protocol version fails ready with embed/incompatible and is told so', async ({
  page,
  thirdOrigin,
}) => {
  await page.goto(`${thirdOrigin}/host`);
  await mountInPage(page, { src: `${thirdOrigin}/fake-portal-v2` });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('embed/incompatible');
  const frame = page.frames().find((candidate) => candidate.url().endsWith('/fake-portal-v2'))!;
  expect(await frame.evaluate(() => (window as unknown as { answer: unknown }).answer)).toEqual({
    kind: 'payportal/incompatible',
    version: 1,
  });
  expect((await readRecord(page)).tokenCalls).toBe(0);
});

test('[E1] ready rejects with embed/timeout when the portal does not answer in time', async ({ page, context }) => {
  // The portal's page never arrives (the route is left unanswered): later than any timeout, however busy the machine.
  await context.route(`${urls.app}/`, () => undefined);
  await page.goto(allowedHost);
  await mountInPage(page, { timeoutMs: 1000 });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('embed/timeout');
  expect((await readRecord(page)).errors).toEqual(['embed/timeout']);
});

test('[T1][E1] a getToken that never answers ends in embed/token-timeout, one that throws in embed/session-expired with the thrown error as cause', async ({
  page,
}) => {
  await page.goto(allowedHost);
  const outcome = (throws: boolean) =>
    page.evaluate(
      ({ src, throws }) => {
        const sdk = (window as unknown as { PayPortal: typeof EmbedSdk }).PayPortal;
        document.querySelector('#slot')!.replaceChildren();
        return sdk
          .mountPortal({
            container: '#slot',
            src,
            getToken: () =>
              throws ? Promise.reject(new Error('partner session gone')) : new Promise<string>(() => undefined),
            tokenTimeoutMs: 500,
            user: { email: 'partner@acme.example', name: 'Paula Partner' },
          })
          .ready.then(
            () => 'resolved',
            (error: { code: string; message: string; cause?: { message?: string } }) =>
              `${error.code} | ${error.message} | ${error.cause?.message ?? 'no cause'}`,
          );
      },
      { src: urls.app, throws },
    );
  expect(await outcome(false)).toBe(
    'embed/token-timeout | embed/token-timeout: getToken() did not answer within 500 ms (tokenTimeoutMs) | no cause',
  );
  expect(await outcome(true)).toMatch(/^embed\/session-expired \| .* \| partner session gone$/);
});

test('[S2] a frame reload re-handshakes on a new port', async ({ page }) => {
  await page.goto(allowedHost);
  // A session that starts (E3: after a failed start the host asks getToken nothing more, reload or not).
  await mountInPage(page, { token: await idTokenFor('partner@acme.example') });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  expect((await readRecord(page)).log.filter((entry) => entry === 'sent session')).toHaveLength(1);
  const frame = await portalFrame(page);
  await frame.evaluate(() => location.reload());
  await expect
    .poll(async () => (await readRecord(page)).log.filter((entry) => entry === 'sent session'))
    .toHaveLength(2);
  await expect
    .poll(async () => (await readRecord(page)).events.filter((event) => event.startsWith('session')))
    .toHaveLength(2);
});

test('[S2][O2] a frame navigated to another origin is detected and gets no session', async ({ page, thirdOrigin }) => {
  await page.goto(`${thirdOrigin}/host`);
  await mountInPage(page, { src: `${thirdOrigin}/fake-portal` });
  await expect.poll(async () => (await readRecord(page)).log).toContain('sent session');
  const frame = page.frames().find((candidate) => candidate.url().endsWith('/fake-portal'))!;
  // The same server under another name is another origin, which says hello like the portal would.
  await frame.goto(`${thirdOrigin.replace('127.0.0.1', 'localhost')}/fake-portal`);
  await expect.poll(async () => (await readRecord(page)).errors).toContain('embed/origin-rejected');
  expect((await readRecord(page)).log.filter((entry) => entry === 'sent session')).toHaveLength(1);
});

test('[O4] a partner page whose CSP frame-src names only the portal cannot have the frame taken elsewhere', async ({
  page,
  thirdOrigin,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page);
  const frame = await portalFrame(page);
  await expect(frame.goto(`${thirdOrigin}/fake-portal`)).rejects.toThrow(/ERR_BLOCKED_BY_CSP/);
});

test('[S2] a frame navigated to a page that does not speak the protocol fails with embed/frame-load-failed', async ({
  page,
  thirdOrigin,
}) => {
  await page.goto(allowedHost);
  await mountInPage(page, { src: `${thirdOrigin}/not-a-portal`, timeoutMs: 8000 });
  await expect.poll(async () => (await readRecord(page)).ready, { timeout: 7000 }).toBe('embed/frame-load-failed');
});

test('[S1][S3] destroy removes the frame and every listener; a replayed handshake reaches nobody', async ({ page }) => {
  await page.goto(allowedHost);
  const client = await page.context().newCDPSession(page);
  const messageListeners = async () => {
    const { result } = await client.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await client.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.filter((listener) => listener.type === 'message').length;
  };
  const before = await messageListeners();
  await mountInPage(page);
  expect(await messageListeners()).toBe(before + 1);
  await expect.poll(async () => (await readRecord(page)).log).toContain('sent session');
  // The frame refuses the fake token first; destroying before that would settle `ready` as embed/closed.
  await expect.poll(async () => (await readRecord(page)).ready).toBe('embed/token-rejected');
  await page.evaluate(() => {
    const w = window as unknown as { portal: { destroy(): void }; detached: HTMLIFrameElement };
    w.detached = document.querySelector('iframe')!;
    w.portal.destroy();
  });
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await messageListeners()).toBe(before);
  expect((await readRecord(page)).ready).toBe('embed/token-rejected');
  // The old frame element comes back: its new document says hello to a host that no longer listens.
  // The page hears the new document's hello after the SDK would have, had it still listened.
  const helloHeard = page.evaluate(
    () =>
      new Promise((resolve) => {
        addEventListener('message', (event) => event.data?.kind === 'payportal/hello' && resolve(true));
        document.body.append((window as unknown as { detached: HTMLIFrameElement }).detached);
      }),
  );
  await expect(portalIn(page).getByRole('status')).toHaveText(WAITING);
  expect(await helloHeard).toBe(true);
  await expect(portalIn(page).getByRole('status')).toHaveText(WAITING);
  expect((await readRecord(page)).log.filter((entry) => entry === 'received hello')).toHaveLength(1);
  expect((await readRecord(page)).log.filter((entry) => entry === 'sent session')).toHaveLength(1);
});

test('[X1] two portals on one page each handshake with their own frame only', async ({ page }) => {
  await page.goto(allowedHost);
  await mountInPage(page, { key: 'left', slot: '#slot' });
  await mountInPage(page, { key: 'right', slot: '#slot2', email: 'owner@acme.example', name: 'Olivia Owner' });
  for (const key of ['left', 'right']) {
    await expect.poll(async () => (await readRecord(page, key)).ready).toBe('embed/token-rejected');
    const record = await readRecord(page, key);
    expect(record.events).toEqual([]);
    expect(record.log.filter((entry) => entry === 'received hello')).toHaveLength(1);
    expect(record.log.filter((entry) => entry === 'sent session')).toHaveLength(1);
    // The handshake's token, then the one fresh token the frame asks for after the API's 401.
    expect(record.tokenCalls).toBe(2);
  }
});
