// How old a sign-in and a password may be. One rule for the app's auto-login and the API's
// sign-in checks (SECURITY.md #3).
import { LOGIN_PERSISTENCE_MS, PASSWORD_MAX_AGE_MS } from '../constants.ts';

/** A login lasts at most 30 days since the last sign-in, whatever the persistence chosen; an unreadable time has ended. */
export function isLoginTooOld(lastSignInMs: number, nowMs: number): boolean {
  return !Number.isFinite(lastSignInMs) || nowMs - lastSignInMs > LOGIN_PERSISTENCE_MS;
}

/** A password (or a last login, which is when the password date is asked) older than 60 days. */
export function isOlderThanPasswordAge(timeMs: number, nowMs: number): boolean {
  return nowMs - timeMs > PASSWORD_MAX_AGE_MS;
}
