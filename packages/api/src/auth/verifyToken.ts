// Every bearer token is verified with firebase-admin `verifyIdToken` (DESIGN.md §4); revocation is
// checked on writes. firebase-admin caches Google's public keys, so a read costs no network call; on
// top of that a read re-uses the verification of the very same token bytes until the token expires
// (at most READ_CACHE_MAX_AGE_MS): the signature check is the expensive part of a read, and an
// unchanged token verifies the same way. Writes always verify again, revocation included.
import { createHash } from 'node:crypto';
import type { Agent } from 'node:http';
import { API_ERROR_CODES } from '@payportal/shared';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { ApiConfig } from '../config.ts';
import { ApiError, disabledUser, unauthenticated } from '../errors/apiError.ts';
import { createExpiringCache } from './expiringCache.ts';

const READ_CACHE_MAX_AGE_MS = 5 * 60_000;
const READ_CACHE_MAX_ENTRIES = 10_000;

export interface VerifiedToken {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

export interface TokenVerifier {
  verify(token: string, options: { checkRevoked: boolean }): Promise<VerifiedToken>;
  close(): Promise<void>;
}

export interface TokenVerifierOptions {
  /**
   * The agent firebase-admin fetches Google's signing certificates with. Production leaves it unset;
   * the production-mode tests pass one that answers the certificate URL with locally generated keys,
   * because this machine cannot reach Google (README "Tokens in tests").
   */
  httpAgent?: Agent;
}

let appCount = 0;

export function createTokenVerifier(
  config: Pick<ApiConfig, 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST'>,
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
  const verifiedReads = createExpiringCache<VerifiedToken>(READ_CACHE_MAX_ENTRIES);
  return {
    async verify(token, { checkRevoked }) {
      const key = createHash('sha256').update(token).digest('base64url');
      const cached = checkRevoked ? undefined : verifiedReads.get(key);
      if (cached) return cached;
      try {
        const decoded = await auth.verifyIdToken(token, checkRevoked);
        const verified = { uid: decoded.uid, email: decoded.email ?? null, emailVerified: decoded.email_verified === true, expiresAt: decoded.exp * 1000 };
        verifiedReads.set(key, verified, Math.min(verified.expiresAt, Date.now() + READ_CACHE_MAX_AGE_MS));
        return verified;
      } catch (error) {
        throw toTokenError(error);
      }
    },
    close: () => deleteApp(app),
  };
}

function toTokenError(error: unknown): ApiError {
  switch ((error as { code?: string }).code) {
    case 'auth/id-token-expired':
      return new ApiError(401, API_ERROR_CODES.tokenExpired, 'The sign-in has expired: refresh the token and try again.');
    case 'auth/id-token-revoked':
      return new ApiError(401, API_ERROR_CODES.tokenRevoked, 'The sign-in was revoked: sign in again.');
    case 'auth/user-disabled':
      return disabledUser();
    case 'auth/argument-error':
    case 'auth/invalid-id-token':
    case 'auth/user-not-found':
      return unauthenticated();
    default:
      // Certificates or the identity service could not be reached: not the caller's fault.
      return new ApiError(503, API_ERROR_CODES.identityUnavailable, 'Sign-in could not be checked right now. Try again in a moment.');
  }
}
