// Real ID tokens from the identity emulator for the demo accounts (seeded once in globalSetup), as the
// app holds them after a complete sign-in: an account with an SMS factor signs in with its password and
// the code the emulator sent (so the token carries the second factor the API requires, SECURITY.md #3);
// one without a factor gets a custom token for the uid, exchanged at signInWithCustomToken.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { inject } from 'vitest';
import { PARTNER_CLAIM } from '@payportal/shared/identity';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demoAccounts.ts';
import { DEMO_PARTNER } from '../src/seed/demoPartner.ts';
import { TEST_PROJECT_ID } from './globalSetup.ts';
import { MEMBER_PASSWORD } from './orgMembers.ts';
import { smsCodeFor } from './phoneRegistration.ts';

const cache = new Map<string, Promise<string>>();

/**
 * Creates (or replaces) an emulator account, e.g. a new hire whose portal user has no identity yet. With
 * a phone, the account has an SMS factor and a password (MEMBER_PASSWORD), so idTokenFor signs it in
 * with both steps.
 */
export async function createIdentity(account: {
  uid: string;
  email: string;
  emailVerified: boolean;
  phone?: string;
}): Promise<void> {
  const response = await fetch(
    `http://${inject('emulatorHost')}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:batchCreate`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        users: [
          {
            localId: account.uid,
            email: account.email,
            emailVerified: account.emailVerified,
            ...(account.phone && {
              rawPassword: MEMBER_PASSWORD,
              mfaInfo: [{ mfaEnrollmentId: `${account.uid}-phone`, displayName: 'Mobile', phoneInfo: account.phone }],
            }),
          },
        ],
        allowOverwrite: true,
      }),
    },
  );
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
  const user = await withEmulatorAdmin((auth) => auth.getUser(uid));
  if (user.multiFactor?.enrolledFactors.length) {
    const password = DEMO_ACCOUNTS.some((account) => account.uid === uid) ? DEMO_PASSWORD : MEMBER_PASSWORD;
    return signInWithSmsCode(user.email!, password);
  }
  // The partner demo's users sign in through it: their token is what its session exchange answers.
  const partnerUser = DEMO_ACCOUNTS.some((account) => account.uid === uid && account.signInMethod === 'partner');
  return signInWithoutSecondFactor(uid, partnerUser ? { [PARTNER_CLAIM]: DEMO_PARTNER.issuer } : undefined);
}

/** A custom-token sign-in: never a second factor in the token, whatever the account has enrolled. */
export async function signInWithoutSecondFactor(uid: string, claims?: Record<string, string>): Promise<string> {
  const customToken = await withEmulatorAdmin((auth) => auth.createCustomToken(uid, claims));
  const body = await identityCall<{ idToken?: string }>('v1/accounts:signInWithCustomToken', {
    token: customToken,
    returnSecureToken: true,
  });
  if (!body.idToken) throw new Error(`no ID token for ${uid}: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** Password, then the SMS code the emulator "sent" to the first enrolled phone, as the app's two steps do. */
export async function signInWithSmsCode(email: string, password: string): Promise<string> {
  const first = await identityCall<{ mfaPendingCredential?: string; mfaInfo?: { mfaEnrollmentId: string }[] }>(
    'v1/accounts:signInWithPassword',
    { email, password, returnSecureToken: true },
  );
  if (!first.mfaPendingCredential || !first.mfaInfo?.[0])
    throw new Error(`${email} signed in without a second step: ${JSON.stringify(first)}`);
  const start = await identityCall<{ phoneResponseInfo: { sessionInfo: string } }>('v2/accounts/mfaSignIn:start', {
    mfaPendingCredential: first.mfaPendingCredential,
    mfaEnrollmentId: first.mfaInfo[0].mfaEnrollmentId,
    phoneSignInInfo: { recaptchaToken: 'emulator' },
  });
  const { code } = await smsCodeFor(
    { origin: `http://${inject('emulatorHost')}`, projectId: TEST_PROJECT_ID },
    start.phoneResponseInfo.sessionInfo,
  );
  const done = await identityCall<{ idToken?: string }>('v2/accounts/mfaSignIn:finalize', {
    mfaPendingCredential: first.mfaPendingCredential,
    phoneVerificationInfo: { sessionInfo: start.phoneResponseInfo.sessionInfo, code },
  });
  if (!done.idToken) throw new Error(`the SMS step of ${email} failed: ${JSON.stringify(done)}`);
  return done.idToken;
}

/** The identity emulator's REST API, as a browser or script would call it. */
export async function identityCall<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`http://${inject('emulatorHost')}/identitytoolkit.googleapis.com/${path}?key=test-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/**
 * The same emulator token with its claims edited: emulator tokens are unsigned, so this
 * is what an expired one, or one a client tampered with, looks like there.
 */
export function withClaims(token: string, claims: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const edited = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...claims };
  return `${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.`;
}
