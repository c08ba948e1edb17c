// What organisation management needs from the identity provider, through firebase-admin:
// account facts for the user list, ending a user's sessions, and removing their second factors.
// firebase-admin talks to the Auth Emulator without credentials when FIREBASE_AUTH_EMULATOR_HOST is set
// (the token verifier sets it from the validated configuration).
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { ApiConfig } from '../config.ts';
import { z } from 'zod';
import { identityServiceUrl } from '../auth/passwordDates.ts';
import { ApiError } from '../errors/apiError.ts';

export interface IdentityFacts {
  lastSignIn: string | null;
  secondFactorEnrolled: boolean;
  emailVerified: boolean;
}

export interface OrgIdentity {
  /** Facts of up to 100 accounts; uids the provider does not know are left out. */
  facts(uids: readonly string[]): Promise<Map<string, IdentityFacts>>;
  /** open sessions end at their next token refresh. */
  revokeSessions(uid: string): Promise<void>;
  /** Unenrolls every second factor; answers how many there were. */
  removeSecondFactors(uid: string): Promise<number>;
  /**
   * The uid of the identity with this address, created when there is none (e-mail verified: a partner
   * session vouches for it, docs/access.md "Partner sessions").
   */
  identityFor(email: string, name: string): Promise<string>;
  /**
   * A sign-in of `uid` through the identity service's own custom-token mechanism: an ordinary ID token
   * carrying `claims`, so a partner session is an ID token like every other.
   */
  signInAs(uid: string, claims: Record<string, unknown>): Promise<{ idToken: string; expiresAt: number }>;
  close(): Promise<void>;
}

let appCount = 0;

export function createOrgIdentity(
  config: Pick<ApiConfig, 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_API_KEY'>,
): OrgIdentity {
  const app = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, `payportal-org-identity-${++appCount}`);
  return {
    ...firebaseOrgIdentity(getAuth(app), identityServiceUrl(config, 'accounts:signInWithCustomToken')),
    close: () => deleteApp(app),
  };
}

const signInAnswerSchema = z.object({ idToken: z.string(), expiresIn: z.coerce.number() });

function firebaseOrgIdentity(auth: Auth, signInUrl: string): Omit<OrgIdentity, 'close'> {
  return {
    facts: (uids) =>
      reachIdentity(async () => {
        const found = new Map<string, IdentityFacts>();
        if (uids.length === 0) return found;
        const { users } = await auth.getUsers(uids.map((uid) => ({ uid })));
        for (const user of users) {
          found.set(user.uid, {
            lastSignIn: user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).toISOString() : null,
            secondFactorEnrolled: (user.multiFactor?.enrolledFactors.length ?? 0) > 0,
            emailVerified: user.emailVerified,
          });
        }
        return found;
      }),
    // An account the provider no longer knows has no sessions and no factors: nothing to undo.
    revokeSessions: (uid) => reachIdentity(() => auth.revokeRefreshTokens(uid).catch(unlessMissing(undefined))),
    removeSecondFactors: (uid) =>
      reachIdentity(async () => {
        const user = await auth.getUser(uid).catch(unlessMissing(null));
        const count = user?.multiFactor?.enrolledFactors.length ?? 0;
        if (count > 0) await auth.updateUser(uid, { multiFactor: { enrolledFactors: null } });
        return count;
      }),
    identityFor: (email, name) =>
      reachIdentity(async () => {
        const existing = await auth.getUserByEmail(email).catch(unlessMissing(null));
        if (existing) return existing.uid;
        return (await auth.createUser({ email, displayName: name, emailVerified: true })).uid;
      }),
    signInAs: (uid, claims) =>
      reachIdentity(async () => {
        const customToken = await auth.createCustomToken(uid, claims);
        const response = await fetch(signInUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: customToken, returnSecureToken: true }),
        });
        if (!response.ok) throw new Error(`signInWithCustomToken answered ${response.status}`);
        const answer = signInAnswerSchema.parse(await response.json());
        return { idToken: answer.idToken, expiresAt: Date.now() + answer.expiresIn * 1000 };
      }),
  };
}

const unlessMissing =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if ((error as { code?: string }).code === 'auth/user-not-found') return fallback;
    throw error;
  };

/** A provider failure is not the owner's fault: 503, and the change it belonged to is undone. */
async function reachIdentity<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw Object.assign(
      new ApiError(
        503,
        API_ERROR_CODES.identityUnavailable,
        'The identity service could not be reached. Try again in a moment.',
      ),
      { cause: error },
    );
  }
}
