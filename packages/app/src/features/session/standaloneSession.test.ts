// Standalone mode: every logout trigger, one by one: session expired, a failed
// refresh, no valid identity user, and a stored user whose e-mail differs from the signed-in one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { authenticateAnswer } from '../../testing/authenticateAnswer.ts';
import { resetSdk, sdk } from '../../testing/firebaseAuthFake.ts';
import { saveSessionCache } from './sessionCache.ts';
import { resetSession, session, signedInFrom } from './sessionStore.ts';
import { startStandaloneSession } from './standaloneSession.ts';

vi.mock('firebase/auth', async () => (await import('../../testing/firebaseAuthFake.ts')).firebaseAuthModule());
vi.mock('../../lib/firebase.ts', () => ({ firebaseAuth: () => ({ currentUser: null }) }));

const DAY = 24 * 60 * 60_000;
const now = Date.parse('2026-11-23T10:00:00Z');

/** An identity user as the Firebase SDK hands it over; `refresh` answers a forced token refresh. */
function identityUser(
  email: string,
  lastSignInAgoMs: number,
  refresh: () => Promise<unknown> = async () => tokenResult(Date.now()),
) {
  return {
    email,
    metadata: { lastSignInTime: new Date(now - lastSignInAgoMs).toUTCString() },
    getIdToken: async () => 'id-token',
    getIdTokenResult: (force: boolean) => (force ? refresh() : Promise.resolve(tokenResult(now))),
  };
}
const tokenResult = (issuedAt: number) => ({
  issuedAtTime: new Date(issuedAt).toUTCString(),
  expirationTime: new Date(issuedAt + 60 * 60_000).toUTCString(),
});

/** Starts the session and hands the identity SDK's auth-state callback `user`. */
async function startWith(user: unknown) {
  startStandaloneSession();
  const [, callback] = sdk.onAuthStateChanged.mock.calls.at(-1) as unknown as [unknown, (user: unknown) => void];
  callback(user);
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  resetSdk();
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(now);
  answerApi({ 'POST /api/auth/v1/authenticate/': () => ({ body: authenticateAnswer() }) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSession();
});

describe('standalone logout triggers', () => {
  it('signs in a valid identity user whose stored e-mail matches: the baseline the triggers below depart from', async () => {
    await startWith(identityUser('owner@acme.example', DAY));
    expect(session.current.status).toBe('signedIn');
    expect(sdk.signOut).not.toHaveBeenCalled();
  });

  it('no valid identity user: signed out', async () => {
    await startWith(null);
    expect(session.current).toEqual({ status: 'signedOut' });
  });

  it('session expired: a last sign-in more than 30 days ago logs out', async () => {
    await startWith(identityUser('owner@acme.example', 31 * DAY));
    expect(session.current).toEqual({ status: 'signedOut', reason: 'session_expired' });
    expect(sdk.signOut).toHaveBeenCalled();
  });

  it('the stored user’s e-mail differs from the signed-in one: logs out', async () => {
    saveSessionCache({ ...signedInFrom(authenticateAnswer({ user: { email: 'analyst@acme.example' } })) });
    await startWith(identityUser('owner@acme.example', DAY));
    expect(session.current).toEqual({ status: 'signedOut', reason: 'multiple_sessions' });
    expect(sdk.signOut).toHaveBeenCalled();
  });

  it('refresh failure: a refresh the identity service refuses (not a network error) logs out', async () => {
    await startWith(
      identityUser('owner@acme.example', DAY, () =>
        Promise.reject(Object.assign(new Error('revoked'), { code: 'auth/user-token-expired' })),
      ),
    );
    expect(session.current.status).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(55 * 60_000); // the refresh 55 minutes after issue
    expect(session.current).toEqual({ status: 'signedOut', reason: 'session_expired' });
    expect(sdk.signOut).toHaveBeenCalled();
  });
});
