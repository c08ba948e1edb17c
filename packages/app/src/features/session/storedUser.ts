// Sign-in is blocked when the locally stored user (the session cache) is another
// person: another tab or a shared computer still holds their session ("multiple sessions").
import { clearSessionCache, readSessionCache } from './sessionCache.ts';

export function differsFromStoredUser(email: string): boolean {
  let stored: string | undefined;
  try {
    stored = readSessionCache()?.user.email;
  } catch {
    return false; // storage blocked: nothing stored, so nothing to differ from
  }
  return stored !== undefined && stored.toLowerCase() !== email.trim().toLowerCase();
}

export function forgetStoredUser(): void {
  try {
    clearSessionCache();
  } catch {
    // storage blocked: nothing was stored
  }
}
