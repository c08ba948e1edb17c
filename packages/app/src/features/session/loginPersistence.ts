// spec §5, §9: a login lasts at most 30 days since the last sign-in, whatever the persistence chosen.
import { constants } from '@payportal/shared';

export function isLoginTooOld(lastSignInMs: number, nowMs: number): boolean {
  return !Number.isFinite(lastSignInMs) || nowMs - lastSignInMs > constants.LOGIN_PERSISTENCE_MS;
}
