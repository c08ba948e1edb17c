// When the standalone ID token is refreshed. Pure: the clock and the timers come in, so the
// schedule is tested with fake timers. The Firebase SDK refreshes on demand as well; this schedule keeps
// a fresh token ready for the API and notices a revoked session within the hour.
import * as constants from '@payportal/shared/constants';

export interface TokenTimes {
  issuedAtMs: number;
  expiresAtMs: number;
}

/** 55 minutes after issue, or at once when less than 5 minutes remain (startup with an old token). */
export function refreshDelay(token: TokenTimes, nowMs: number): number {
  if (token.expiresAtMs - nowMs < constants.TOKEN_EARLY_REFRESH_THRESHOLD_MS) return 0;
  return Math.max(0, token.issuedAtMs + constants.TOKEN_REFRESH_AFTER_MS - nowMs);
}

/** Backoff after the n-th failed refresh in a row (0-based): 30 s, doubling, at most 16 minutes. */
export function retryDelay(failures: number): number {
  return Math.min(constants.REFRESH_BACKOFF_START_MS * 2 ** failures, constants.REFRESH_BACKOFF_MAX_MS);
}

export interface RefreshScheduleOptions {
  token: TokenTimes;
  /** Gets a fresh token from the provider. */
  refresh: () => Promise<TokenTimes>;
  /** Network trouble is retried with backoff; anything else ends the session. */
  isRetryable: (error: unknown) => boolean;
  onFailed: (error: unknown) => void;
  now?: () => number;
  setTimer?: (run: () => void, delayMs: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Starts the schedule; the answer stops it. */
export function startRefreshSchedule(options: RefreshScheduleOptions): () => void {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run, delayMs) => setTimeout(run, delayMs));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let timer: unknown;
  let stopped = false;
  let failures = 0;

  const schedule = (delayMs: number) => {
    if (!stopped) timer = setTimer(run, delayMs);
  };
  const run = () => {
    options.refresh().then(
      (token) => {
        failures = 0;
        schedule(refreshDelay(token, now()));
      },
      (error: unknown) => {
        if (stopped) return;
        if (!options.isRetryable(error)) return options.onFailed(error);
        schedule(retryDelay(failures++));
      },
    );
  };

  schedule(refreshDelay(options.token, now()));
  return () => {
    stopped = true;
    clearTimer(timer);
  };
}
