// Framed, the token lives in memory only and comes from the host. It is renewed on the
// standalone schedule (55 minutes after issue, at once when less than 5 minutes remain, a
// failed renewal retried after 30 s doubling to 16 minutes) and whenever the API client forces a
// refresh after a 401; concurrent asks share one request.
import { constants, hostSessionSchema } from '@payportal/shared';
import type { TokenSource } from '../../lib/tokenSource.ts';
import { startRefreshSchedule, type TokenTimes } from '../session/refreshSchedule.ts';

const tokenSchema = hostSessionSchema.shape.token;

/** When the JWT was issued and expires (ms since the epoch), or null when it cannot be read. */
export function tokenTimes(token: string): TokenTimes | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    if (typeof payload.exp !== 'number') return null;
    const expiresAtMs = payload.exp * 1000;
    return { expiresAtMs, issuedAtMs: typeof payload.iat === 'number' ? payload.iat * 1000 : expiresAtMs - constants.TOKEN_LIFETIME_MS };
  } catch {
    return null;
  }
}

export interface HostTokenSource extends TokenSource {
  /** A token the host pushed (setUser). */
  replace(token: string): void;
}

export function hostTokenSource(initial: string, ask: () => Promise<string>): HostTokenSource {
  let token = initial;
  let inFlight: Promise<string> | null = null;
  let stopSchedule = () => {};

  const expiresSoon = () => {
    const times = tokenTimes(token);
    return times !== null && times.expiresAtMs - Date.now() < constants.TOKEN_EARLY_REFRESH_THRESHOLD_MS;
  };
  const fetchFresh = () =>
    (inFlight ??= ask()
      .then((fresh) => (token = tokenSchema.parse(fresh)))
      .finally(() => (inFlight = null)));
  /** Follows the current token: started again whenever a token arrives outside the schedule. */
  const restartSchedule = () => {
    stopSchedule();
    const times = tokenTimes(token);
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

  restartSchedule();
  return {
    getToken: (forceRefresh) => (forceRefresh || expiresSoon() ? refreshOutsideSchedule() : Promise.resolve(token)),
    replace(next) {
      token = next;
      restartSchedule();
    },
  };
}
