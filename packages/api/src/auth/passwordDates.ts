// The password-age rule needs the date the password was last set. firebase-admin does not
// expose it; the identity service's accounts:lookup answers it (`passwordUpdatedAt`, ms) to the user's
// own ID token, as it does for the browser.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { z } from 'zod';
import type { ApiConfig } from '../config.ts';
import { ApiError } from '../errors/apiError.ts';

export interface PasswordDates {
  /** When the password was last set (ms since the epoch); null: the identity has no password. */
  updatedAt: number | null;
  /** When the identity was created (ms since the epoch), if the service says. */
  createdAt: number | null;
}

const lookupAnswerSchema = z.object({
  users: z
    .array(z.object({ passwordUpdatedAt: z.coerce.number().optional(), createdAt: z.coerce.number().optional() }))
    .min(1),
});

/** The development stack's emulator key: the emulator accepts any. */
const EMULATOR_API_KEY = 'demo-api-key';

/** An identity-service REST method's URL (the emulator's when one is configured). */
export function identityServiceUrl(
  config: Pick<ApiConfig, 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_API_KEY'>,
  method: string,
): string {
  const origin = config.FIREBASE_AUTH_EMULATOR_HOST
    ? `http://${config.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  // The key is a public project identifier, not a secret; it goes in the query string as the service expects.
  return `${origin}/v1/${method}?key=${encodeURIComponent(config.FIREBASE_API_KEY ?? EMULATOR_API_KEY)}`;
}

export function lookupPasswordDates(
  config: Pick<ApiConfig, 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_API_KEY'>,
): (uid: string, token: string) => Promise<PasswordDates> {
  const url = identityServiceUrl(config, 'accounts:lookup');
  return async (_uid, token) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: token }),
      signal: AbortSignal.timeout(5000),
    }).catch(() => null);
    const parsed = response?.ok ? lookupAnswerSchema.safeParse(await response.json().catch(() => null)) : null;
    if (!parsed?.success) {
      throw new ApiError(
        503,
        API_ERROR_CODES.identityUnavailable,
        'Sign-in could not be checked right now. Try again in a moment.',
      );
    }
    const [user] = parsed.data.users;
    return { updatedAt: user!.passwordUpdatedAt ?? null, createdAt: user!.createdAt ?? null };
  };
}
