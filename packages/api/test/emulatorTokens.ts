// Real ID tokens from the identity emulator for the demo accounts (seeded once in globalSetup): a custom token for the uid,
// exchanged at the emulator's signInWithCustomToken, exactly as a client SDK would.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { inject } from 'vitest';
import { TEST_PROJECT_ID } from './globalSetup.ts';

const cache = new Map<string, Promise<string>>();

/** Creates (or replaces) an emulator account, e.g. a new hire whose portal user has no identity yet. */
export async function createIdentity(account: { uid: string; email: string; emailVerified: boolean }): Promise<void> {
  const response = await fetch(`http://${inject('emulatorHost')}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:batchCreate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ users: [{ localId: account.uid, email: account.email, emailVerified: account.emailVerified }], allowOverwrite: true }),
  });
  if (!response.ok) throw new Error(`creating ${account.email} failed: ${response.status}`);
}

export function idTokenFor(uid: string): Promise<string> {
  let token = cache.get(uid);
  if (!token) {
    token = signIn(uid);
    cache.set(uid, token);
  }
  return token;
}

/** Runs `work` with a firebase-admin app talking to the test emulator. */
async function withEmulatorAdmin<T>(work: (auth: ReturnType<typeof getAuth>) => Promise<T>): Promise<T> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('emulatorHost');
  const app = initializeApp({ projectId: TEST_PROJECT_ID }, `test-admin-${Math.random()}`);
  try {
    return await work(getAuth(app));
  } finally {
    await deleteApp(app);
  }
}

/** Revokes every session of `uid`, as an administrator would after a lost laptop. */
export function revokeSessions(uid: string): Promise<void> {
  return withEmulatorAdmin((auth) => auth.revokeRefreshTokens(uid));
}

/** Deletes the identity, as a person closing their account would (its address can sign up again). */
export async function deleteIdentity(uid: string): Promise<void> {
  await withEmulatorAdmin((auth) => auth.deleteUser(uid));
}

/** Disables or enables the identity, as an administrator would in the identity provider's console. */
export async function setIdentityDisabled(uid: string, disabled: boolean): Promise<void> {
  await withEmulatorAdmin((auth) => auth.updateUser(uid, { disabled }));
}

async function signIn(uid: string): Promise<string> {
  const host = inject('emulatorHost');
  const customToken = await withEmulatorAdmin((auth) => auth.createCustomToken(uid));
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`no ID token for ${uid}: ${JSON.stringify(body.error ?? body)}`);
  return body.idToken;
}

/**
 * The same emulator token with its claims edited: emulator tokens are unsigned (DESIGN.md §3), so this
 * is what an expired one, or one a client tampered with, looks like there.
 */
export function withClaims(token: string, claims: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const edited = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...claims };
  return `${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.`;
}
