// DESIGN.md §4: framed, the token lives in memory only and comes from the host. It is renewed before
// expiry (spec §9: 55 minutes after issue, at once when less than 5 minutes remain) and whenever the
// API client forces a refresh after a 401; concurrent asks share one request.
import { constants, hostSessionSchema } from '@payportal/shared';
import type { TokenSource } from '../../lib/tokenSource.ts';

const tokenSchema = hostSessionSchema.shape.token;

/** Milliseconds since the epoch when the JWT expires, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export interface HostTokenSource extends TokenSource {
  /** A token the host pushed (setUser). */
  replace(token: string): void;
}

export function hostTokenSource(initial: string, ask: () => Promise<string>, now = () => Date.now()): HostTokenSource {
  let token = initial;
  let inFlight: Promise<string> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const expiresSoon = () => {
    const expiry = tokenExpiry(token);
    return expiry !== null && expiry - now() < constants.TOKEN_EARLY_REFRESH_THRESHOLD_MS;
  };
  const schedule = () => {
    clearTimeout(timer);
    const expiry = tokenExpiry(token);
    if (expiry !== null) timer = setTimeout(() => void refresh().catch(() => undefined), Math.max(0, expiry - constants.TOKEN_EARLY_REFRESH_THRESHOLD_MS - now()));
  };
  const refresh = () =>
    (inFlight ??= ask()
      .then((fresh) => {
        token = tokenSchema.parse(fresh);
        schedule();
        return token;
      })
      .finally(() => (inFlight = null)));

  schedule();
  return {
    getToken: (forceRefresh) => (forceRefresh || expiresSoon() ? refresh() : Promise.resolve(token)),
    replace(next) {
      token = next;
      schedule();
    },
  };
}
