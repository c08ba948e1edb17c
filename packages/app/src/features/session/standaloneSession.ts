// Standalone mode: auto-login on start, the token refresh schedule, and logout. The sign-in
// screens run their own checks first (features/auth/signInFlow.ts) and then call `startSignedInSession`.
import { isLoginTooOld, type AuthenticateResponse } from '@payportal/shared/identity';
import { onAuthStateChanged, signOut, type User } from 'firebase/auth';
import { firebaseAuth } from '../../lib/firebase.ts';
import { setTokenSource } from '../../lib/tokenSource.ts';
import { authenticate } from './authenticateApi.ts';
import { startRefreshSchedule, type TokenTimes } from './refreshSchedule.ts';
import { setSignedIn, setSignedOut } from './sessionStore.ts';
import { differsFromStoredUser, forgetStoredUser } from './storedUser.ts';

let flowActive = false;
let stopRefresh: (() => void) | undefined;

/** While a sign-in screen runs its checks, auto-login stands aside. */
export function setSignInFlowActive(active: boolean): void {
  flowActive = active;
}

export function startStandaloneSession(): void {
  const auth = firebaseAuth();
  setTokenSource({
    getToken: async (forceRefresh) => (auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null),
  });
  onAuthStateChanged(auth, (user) => {
    if (flowActive) return;
    if (!user) {
      stopRefresh?.();
      setSignedOut();
      return;
    }
    void autoLogin(user);
  });
}

async function autoLogin(user: User): Promise<void> {
  const lastSignIn = Date.parse(user.metadata.lastSignInTime ?? '');
  if (isLoginTooOld(lastSignIn, Date.now())) return logOut('session_expired');
  if (!user.email || differsFromStoredUser(user.email)) return logOut('multiple_sessions');
  try {
    await startSignedInSession(user, await authenticate());
  } catch {
    await logOut('authorization');
  }
}

/** The last step of every sign-in: remember who, start refreshing, publish the session. */
export async function startSignedInSession(user: User, answer: AuthenticateResponse): Promise<void> {
  stopRefresh?.();
  stopRefresh = startRefreshSchedule({
    token: await tokenTimes(user, false),
    refresh: () => tokenTimes(user, true),
    isRetryable: (error) => (error as { code?: string }).code === 'auth/network-request-failed',
    onFailed: () => void logOut('session_expired'),
  });
  setSignedIn(answer);
}

async function tokenTimes(user: User, forceRefresh: boolean): Promise<TokenTimes> {
  const result = await user.getIdTokenResult(forceRefresh);
  return { issuedAtMs: Date.parse(result.issuedAtTime), expiresAtMs: Date.parse(result.expirationTime) };
}

/** logout clears the session and the stored user; the caller navigates to /auth. */
export async function logOut(reason?: string): Promise<void> {
  stopRefresh?.();
  stopRefresh = undefined;
  forgetStoredUser();
  try {
    await signOut(firebaseAuth());
  } catch {
    // Nothing to end on the identity side (no configuration, no network): the app still signs out.
  }
  setSignedOut(reason);
}
