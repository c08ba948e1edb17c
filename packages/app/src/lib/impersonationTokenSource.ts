// While support staff act as a user, every call carries an impersonation token the
// API issued for that user, never the support person's ID token. It is exchanged before the first call,
// again shortly before it expires and whenever the API client forces a refresh (after a 401, e.g.
// api/impersonation-expired). Concurrent asks share one exchange. It lives in this closure only: never
// storage, URL, DOM or log; dropping the source (ending impersonation) drops the token.
import type { ImpersonationResponse } from '@payportal/shared/identity';
import type { TokenSource } from './tokenSource.ts';

/** Exchanged again when less than this remains, so a call never leaves with a token about to lapse. */
const IMPERSONATION_RENEW_BEFORE_MS = 60_000;

/** `exchange` sends the signed-in person's own ID token to POST /api/auth/v1/impersonation/. */
export function impersonationTokenSource(
  exchange: () => Promise<ImpersonationResponse>,
  now: () => number = Date.now,
): TokenSource {
  let current: { token: string; expiresAtMs: number } | null = null;
  let inFlight: Promise<string> | null = null;

  const renew = () =>
    (inFlight ??= exchange()
      .then((issued) => {
        current = { token: issued.token, expiresAtMs: Date.parse(issued.expires_at) };
        return issued.token;
      })
      .finally(() => (inFlight = null)));

  return {
    getToken: async (forceRefresh) => {
      if (!forceRefresh && current && current.expiresAtMs - now() > IMPERSONATION_RENEW_BEFORE_MS) return current.token;
      return renew();
    },
  };
}
