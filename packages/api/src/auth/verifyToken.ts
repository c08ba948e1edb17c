// Every bearer token is verified with firebase-admin `verifyIdToken`, revocation and a
// disabled identity included. Writes verify every time. A read re-uses the full
// verification of the very same token bytes for at most `recheckMs` (60 s by default): the identity
// service is asked at most once a minute per token, and a disabled, deleted or revoked identity loses
// read access within that window, not after the token's hour.
import { createHash } from 'node:crypto';
import type { Agent } from 'node:http';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { PARTNER_CLAIM, PARTNER_NODE_CLAIM } from '@payportal/shared/identity';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { ApiConfig } from '../config.ts';
import { ApiError, disabledUser, unauthenticated } from '../errors/apiError.ts';
import { createExpiringCache } from './expiringCache.ts';
import { lookupPasswordDates, type PasswordDates } from './passwordDates.ts';
import { REVOCATION_WINDOW_MS } from './revocationWindow.ts';

const READ_CACHE_MAX_ENTRIES = 10_000;

/** The partner session's node claim (partnerSessions.ts writes it), or null when absent or malformed. */
function partnerNodeOf(claim: unknown): VerifiedToken['partnerNode'] {
  if (typeof claim !== 'object' || claim === null) return null;
  const { node, user_scope: userScope } = claim as Record<string, unknown>;
  if (typeof node !== 'string') return null;
  return { node, userScope: typeof userScope === 'string' ? userScope : null };
}

export interface VerifiedToken {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
  /** When the user last signed in with their credentials (ms since the epoch): the persistence window starts here. */
  authTime: number;
  /** The second factor this sign-in passed (`firebase.sign_in_second_factor`, e.g. "phone"), or null. */
  secondFactor: string | null;
  /** The issuer of the partner whose signed session opened this sign-in (docs/access.md "Partner sessions"), or null. */
  partner: string | null;
  /** How the identity service signed this in (`firebase.sign_in_provider`): "password", "custom" (a partner session), … */
  signInProvider: string | null;
  /** A partner session's portfolio node and the user's own scope it was narrowed within (PARTNER_NODE_CLAIM), or null. */
  partnerNode: { node: string; userScope: string | null } | null;
}

export interface TokenVerifier {
  /** fresh: verify now (writes, authenticate); otherwise a read may re-use a verification up to recheckMs old. */
  verify(token: string, options: { fresh: boolean }): Promise<VerifiedToken>;
  /** When the identity's password was set, asked of the identity service with the user's own verified token. */
  passwordDates(uid: string, token: string): Promise<PasswordDates>;
  /**
   * The identity checks of `verify` without a token, for the support user behind an impersonation
   * token: refuses a deleted or disabled identity, or one whose sessions were revoked
   * after `signedInAtMs`. Same window as `verify`: fresh asks now, otherwise an answer up to recheckMs old.
   */
  checkIdentity(uid: string, options: { fresh: boolean; signedInAtMs: number }): Promise<void>;
  close(): Promise<void>;
}

export interface TokenVerifierOptions {
  /**
   * The agent firebase-admin fetches Google's signing certificates with. Production leaves it unset;
   * the production-mode tests pass one that answers the certificate URL with locally generated keys,
   * because this machine cannot reach Google (README "Test").
   */
  httpAgent?: Agent;
  /** How long a read re-uses a verification (revocation included); TOKEN_RECHECK_MS, at most REVOCATION_WINDOW_MS. */
  recheckMs?: number;
  /**
   * The identity's state in the identity service; by default firebase-admin's getUser. The production-mode
   * tests and benchmarks pass their own, because this machine cannot reach Google's identity service.
   */
  identityStatus?: (uid: string) => Promise<IdentityStatus | null>;
  /** The password date lookup; by default accounts:lookup (passwordDates.ts). Injected where Google is out of reach. */
  passwordDates?: (uid: string, token: string) => Promise<PasswordDates>;
}

/** What revocation depends on; null: the identity no longer exists. */
export interface IdentityStatus {
  disabled: boolean;
  /** Tokens issued before this (ms since the epoch) are revoked; null: none revoked. */
  validSince: number | null;
}

let appCount = 0;

export function createTokenVerifier(
  config: Pick<ApiConfig, 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_API_KEY'>,
  options: TokenVerifierOptions = {},
): TokenVerifier {
  // firebase-admin decides "emulator, accept unsigned tokens" from process.env alone, so the validated
  // configuration is the one source: set it for the emulator, and remove any stray value otherwise.
  if (config.FIREBASE_AUTH_EMULATOR_HOST) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  const app: App = initializeApp(
    { projectId: config.FIREBASE_PROJECT_ID, ...(options.httpAgent && { httpAgent: options.httpAgent }) },
    `payportal-api-${++appCount}`,
  );
  const auth = getAuth(app);
  const identityStatus =
    options.identityStatus ??
    (async (uid: string): Promise<IdentityStatus | null> => {
      try {
        const user = await auth.getUser(uid);
        return {
          disabled: user.disabled,
          validSince: user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : null,
        };
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return null;
        throw error;
      }
    });
  const verifiedReads = createExpiringCache<VerifiedToken>(READ_CACHE_MAX_ENTRIES);
  const checkedIdentities = createExpiringCache<IdentityStatus | null>(READ_CACHE_MAX_ENTRIES);
  const recheckMs = options.recheckMs ?? REVOCATION_WINDOW_MS;
  return {
    async verify(token, { fresh }) {
      const key = createHash('sha256').update(token).digest('base64url');
      const cached = fresh ? undefined : verifiedReads.get(key);
      if (cached) return cached;
      try {
        const decoded = await auth.verifyIdToken(token);
        // the revocation check of verifyIdToken(token, true), with the identity service injectable
        refuseIdentity(await identityStatus(decoded.uid), decoded.auth_time * 1000);
        const verified: VerifiedToken = {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified === true,
          expiresAt: decoded.exp * 1000,
          authTime: decoded.auth_time * 1000,
          secondFactor:
            typeof decoded.firebase.sign_in_second_factor === 'string' ? decoded.firebase.sign_in_second_factor : null,
          partner: typeof decoded[PARTNER_CLAIM] === 'string' ? decoded[PARTNER_CLAIM] : null,
          signInProvider:
            typeof decoded.firebase.sign_in_provider === 'string' ? decoded.firebase.sign_in_provider : null,
          partnerNode: partnerNodeOf(decoded[PARTNER_NODE_CLAIM]),
        };
        verifiedReads.set(key, verified, Math.min(verified.expiresAt, Date.now() + recheckMs));
        return verified;
      } catch (error) {
        throw toTokenError(error);
      }
    },
    passwordDates: options.passwordDates ?? lookupPasswordDates(config),
    async checkIdentity(uid, { fresh, signedInAtMs }) {
      try {
        let status = fresh ? undefined : checkedIdentities.get(uid);
        if (status === undefined) {
          status = await identityStatus(uid);
          checkedIdentities.set(uid, status, Date.now() + recheckMs);
        }
        refuseIdentity(status, signedInAtMs);
      } catch (error) {
        throw toTokenError(error);
      }
    },
    close: () => deleteApp(app),
  };
}

/** The identity's state as the answer to a sign-in made at `signedInAtMs`: nothing when it may go on. */
function refuseIdentity(status: IdentityStatus | null, signedInAtMs: number): void {
  if (!status) throw unauthenticated();
  if (status.disabled) throw disabledUser();
  if (status.validSince !== null && signedInAtMs < status.validSince) throw tokenRevoked();
}

const tokenRevoked = () => new ApiError(401, API_ERROR_CODES.tokenRevoked, 'The sign-in was revoked: sign in again.');

/** firebase-admin's errors as API answers. */
function toTokenError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: string }).code) {
    case 'auth/id-token-expired':
      return new ApiError(
        401,
        API_ERROR_CODES.tokenExpired,
        'The sign-in has expired: refresh the token and try again.',
      );
    // firebase-admin raises these itself too (the emulator checks its accounts on every verification).
    case 'auth/id-token-revoked':
      return tokenRevoked();
    case 'auth/user-disabled':
      return disabledUser();
    case 'auth/argument-error':
    case 'auth/invalid-id-token':
    case 'auth/user-not-found':
      return unauthenticated();
    default:
      // Certificates or the identity service could not be reached: not the caller's fault.
      return new ApiError(
        503,
        API_ERROR_CODES.identityUnavailable,
        'Sign-in could not be checked right now. Try again in a moment.',
      );
  }
}
