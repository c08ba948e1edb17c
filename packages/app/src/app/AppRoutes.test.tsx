// Guards, applied by the app: where each path lands for each user.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferSessionStart } from '../features/session/sessionStart.ts';
import { resetSession } from '../features/session/sessionStore.ts';
import { setParentNotifier } from '../lib/parentNotifier.ts';
import { preloadAllScreens, renderAppAt, signedInAs } from '../testing/renderAppAt.tsx';

// The test of /auth's first draw holds whether its code was fetched here or not.
beforeAll(preloadAllScreens, 60_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetSession();
  setParentNotifier(null);
  vi.unstubAllGlobals();
});

const query = signedInAs(['query']);
const uploader = signedInAs(['upload']);
const owner = signedInAs(['org_owner']);
const embeddedNew = signedInAs(['revenue_optimizer']);
const embeddedAccepted = signedInAs(['revenue_optimizer'], { termsAccepted: true });

async function expectLanding(path: string, who: Parameters<typeof renderAppAt>[1], expected: string, framed = false) {
  const { address, unmount } = renderAppAt(path, who, framed);
  await waitFor(() => expect(address()).toBe(expected));
  unmount();
}

/** Framed, a role guard's refusal: an explanation where the user asked, with the way home. */
async function expectNotAvailableHere(path: string, who: Parameters<typeof renderAppAt>[1]) {
  const { address, unmount } = renderAppAt(path, who, true);
  expect(await screen.findByRole('heading', { name: 'Not available here' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('Your account does not have access to this page.');
  expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
  expect(address()).toBe(path);
  unmount();
}

describe('route table redirects', () => {
  it.each([
    ['/', '/home'],
    ['/no-such-page', '/home'],
    ['/dashboard', '/home'],
    ['/reports', '/dashboards'],
    ['/report', '/dashboards'],
    ['/report/12', '/dashboard/12'],
    ['/report/12/edit', '/dashboard/12/edit'],
    ['/report/12/chart/3/copy', '/dashboard/12/chart/3/copy'],
  ])('%s → %s', async (from, to) => {
    await expectLanding(from, query, to);
  });

  it('keeps the organisation prefix through redirects', async () => {
    await expectLanding('/acme/reports', query, '/acme/dashboards');
    await expectLanding('/northwind', query, '/northwind/home');
  });

  it('does not take an unknown first segment for an organisation', async () => {
    await expectLanding('/dashbaord/home', query, '/home');
  });

  it('hides /auth, /forgot-password, /sign-up and /usermgmt/action when framed; /profile says it opens only in PayPortal', async () => {
    for (const path of ['/auth', '/forgot-password', '/sign-up/abc', '/usermgmt/action']) {
      await expectLanding(path, query, '/home', true);
    }
    const { address } = renderAppAt('/profile', query, true);
    expect(await screen.findByRole('heading', { name: 'Not available here' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This page opens only in PayPortal itself, not inside a partner’s portal.',
    );
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
    expect(address()).toBe('/profile');
  });

  // Every row's own screen: routeRows.test.tsx.
});

describe('guards on routes', () => {
  it('sends a signed-out visitor of a guarded route to /auth', async () => {
    await expectLanding('/dashboards', { status: 'signedOut' }, '/auth');
    await expectLanding('/acme/organization/manage', { status: 'signedOut' }, '/acme/auth');
  });

  it('missing stored user data: clears the session and goes to /auth (standalone only)', async () => {
    const { address, location } = renderAppAt('/home', query);
    expect(await screen.findByRole('heading', { name: 'Welcome to PayPortal' })).toBeTruthy();
    localStorage.clear(); // another tab signed out, or the user cleared the site's data
    act(() => location.navigate('/dashboards'));
    await waitFor(() => expect(address()).toBe('/auth?logout=true'));
    cleanup();
    localStorage.clear();
    renderAppAt('/dashboards', query, true); // framed nothing is stored: the route opens
    expect(await screen.findByRole('heading', { name: 'Dashboards' })).toBeTruthy();
  });

  it('starts the standalone session after an open route such as /auth is drawn, and at once on a guarded route', async () => {
    // Whether its code is still arriving or already here (an earlier test drew it), the screen is drawn first.
    let drawnAtStart: boolean | null = null;
    const start = vi.fn(
      () => void (drawnAtStart = screen.queryByRole('heading', { name: 'Sign in to PayPortal' }) !== null),
    );
    deferSessionStart(start);
    renderAppAt('/auth', { status: 'loading' });
    expect(await screen.findByRole('heading', { name: 'Sign in to PayPortal' })).toBeTruthy();
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(drawnAtStart).toBe(true);
    cleanup();
    const again = vi.fn();
    deferSessionStart(again);
    renderAppAt('/dashboards', { status: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await waitFor(() => expect(again).toHaveBeenCalledTimes(1));
  });

  it('shows a loading state, not a redirect, while the session starts', async () => {
    const { address } = renderAppAt('/dashboards', { status: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(address()).toBe('/dashboards');
  });

  it('sends an embedded-only user who has not accepted the terms to /terms from any guarded route', async () => {
    await expectLanding('/home', embeddedNew, '/terms');
    await expectLanding('/revenue-optimizer', embeddedNew, '/terms');
    await expectLanding('/csv/new', embeddedNew, '/terms');
  });

  it('lets only that user stay on /terms; anyone else goes home', async () => {
    renderAppAt('/terms', embeddedNew);
    expect(await screen.findByRole('heading', { name: 'Terms and Conditions' })).toBeTruthy();
    cleanup();
    await expectLanding('/terms', embeddedAccepted, '/home');
  });

  it('query guard: embedded-only users go to /revenue-optimizer, others to /profile', async () => {
    await expectLanding('/csv/7/edit', embeddedAccepted, '/revenue-optimizer');
    await expectLanding('/amla', uploader, '/profile');
    await expectLanding('/dashboard/new', owner, '/profile');
  });

  it('query guard, framed: tells a signed-in user without the role that the page is not open to them, with the way home, without telling the parent unauthorized', async () => {
    const notify = vi.fn();
    setParentNotifier({ notify });
    await expectNotAvailableHere('/dashboards', uploader);
    expect(notify).not.toHaveBeenCalled();
  });

  it('owner and upload guards send everyone else home', async () => {
    await expectLanding('/organization/manage', query, '/home');
    await expectLanding('/data/upload/history', query, '/home');
    // The screen behind the guard loads its users; this test is about the guard, so the call never answers.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderAppAt('/organization/manage', owner);
    expect(await screen.findByRole('heading', { name: 'Manage organization' })).toBeTruthy();
  });

  it('embedded guard sends others home; framed it says the page is not open to them, not unauthorized', async () => {
    await expectLanding('/revenue-optimizer', query, '/home');
    const notify = vi.fn();
    setParentNotifier({ notify });
    await expectNotAvailableHere('/revenue-optimizer', query);
    expect(notify).not.toHaveBeenCalled();
  });

  it('logout=true on a guarded route sends the user to /auth to sign out, but not when framed', async () => {
    await expectLanding('/dashboards?logout=true', query, '/auth?logout=true');
    await expectLanding('/acme/home?logout=true', query, '/acme/auth?logout=true');
    cleanup();
    renderAppAt('/dashboards?logout=true', query, true);
    expect(await screen.findByRole('heading', { name: 'Dashboards' })).toBeTruthy();
  });
});
