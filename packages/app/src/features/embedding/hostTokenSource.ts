// Framed, the token lives in memory only and comes from the host. It is renewed on the
// standalone schedule (55 minutes after issue, at once when less than 5 minutes remain, a
// failed renewal retried after 30 s doubling to 16 minutes) and whenever the API client forces a
// refresh after a 401; concurrent asks share one request.
import * as constants from '@payportal/shared/constants';
import { hostSessionSchema } from '@payportal/shared/protocol';
import type { TokenSource } from '../../lib/tokenSource.ts';
import { startRefreshSchedule, type TokenTimes } from '../session/index.ts';

const tokenSchema = hostSessionSchema.shape.token;

/** When the JWT was issued and expires (ms since the epoch), or null when it cannot be read. */
export function tokenTimes(token: string): TokenTimes | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      iat?: unknown;
      exp?: unknown;
    };
    if (typeof payload.exp !== 'number') return null;
    const expiresAtMs = payload.exp * 1000;
    return {
      expiresAtMs,
      issuedAtMs: typeof payload.iat === 'number' ? payload.iat * 1000 : expiresAtMs - constants.TOKEN_LIFETIME_MS,
    };
  } catch {
    return null;
  }
}

export interface HostTokenSource extends TokenSource {
  /** A token the host pushed (setUser). */
  replace(token: string): void;
}

/**
 * What the host gave, as the bearer token: null to use it as it is (an ID token), or the exchange of a
 * partner's signed session token for an ID token (partnerSessionExchange.ts).
 */
export type HostTokenExchange = (hostToken: string) => Promise<string> | null;

export function hostTokenSource(
  initial: string,
  ask: () => Promise<string>,
  exchange: HostTokenExchange = () => null,
): HostTokenSource {
  /** The bearer token in hand; null while the host's latest token is being exchanged. */
  let token: string | null = null;
  /** The latest token the host gave, or its exchange. */
  let current: Promise<string> = Promise.resolve(initial);
  let inFlight: Promise<string> | null = null;
  let stopSchedule = () => {};

  /** Takes the host's token as the current one; restarts the schedule once the bearer token is known. */
  const adopt = (hostToken: string, restart: boolean): Promise<string> => {
    const exchanged = exchange(hostToken);
    if (!exchanged) {
      token = hostToken;
      current = Promise.resolve(hostToken);
      if (restart) restartSchedule();
      return current;
    }
    token = null;
    const adopted: Promise<string> = exchanged.then((fresh) => {
      if (current === adopted) {
        token = fresh;
        if (restart) restartSchedule();
      }
      return fresh;
    });
    adopted.catch(() => undefined); // its callers see the failure; nothing else waits on it
    current = adopted;
    return adopted;
  };
  const expiresSoon = () => {
    const times = token === null ? null : tokenTimes(token);
    return times !== null && times.expiresAtMs - Date.now() < constants.TOKEN_EARLY_REFRESH_THRESHOLD_MS;
  };
  const fetchFresh = () =>
    (inFlight ??= ask()
      .then((fresh) => adopt(tokenSchema.parse(fresh), false))
      .finally(() => (inFlight = null)));
  /** Follows the current token: started again whenever a token arrives outside the schedule. */
  const restartSchedule = () => {
    stopSchedule();
    const times = token === null ? null : tokenTimes(token);
    if (!times) return;
    stopSchedule = startRefreshSchedule({
      token: times,
      // An unreadable token from the host cannot be scheduled: retrying with backoff is all we can do.
      refresh: () => fetchFresh().then((fresh) => tokenTimes(fresh) ?? Promise.reject(new Error('unreadable token'))),
      // The host owns the identity session: every failure is worth another ask; when its session is
      // really over, the next API call's 401 ends in session-expired on the host's side.
      isRetryable: () => true,
      onFailed: () => undefined,
    });
  };
  const refreshOutsideSchedule = () => fetchFresh().then((fresh) => (restartSchedule(), fresh));

  adopt(initial, true);
  return {
    getToken: (forceRefresh) => (forceRefresh || expiresSoon() ? refreshOutsideSchedule() : current),
    replace(next) {
      adopt(next, true);
    },
  };
}
