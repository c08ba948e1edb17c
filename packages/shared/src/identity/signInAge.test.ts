import { describe, expect, it } from 'vitest';
import { isLoginTooOld, isOlderThanPasswordAge } from './signInAge.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('isLoginTooOld (at most 30 days since the last sign-in)', () => {
  it('keeps a login of 30 days and ends one of 30 days and a moment', () => {
    expect(isLoginTooOld(0, 30 * DAY)).toBe(false);
    expect(isLoginTooOld(0, 30 * DAY + 1)).toBe(true);
  });

  it('ends a login whose sign-in time cannot be read', () => {
    expect(isLoginTooOld(Number.NaN, 0)).toBe(true);
  });
});

describe('isOlderThanPasswordAge (a password updated within 60 days)', () => {
  it('keeps 60 days and ends 60 days and a moment', () => {
    expect(isOlderThanPasswordAge(0, 60 * DAY)).toBe(false);
    expect(isOlderThanPasswordAge(0, 60 * DAY + 1)).toBe(true);
  });

  it('does not call an unreadable time old (no last login: the date is not asked)', () => {
    expect(isOlderThanPasswordAge(Number.NaN, 0)).toBe(false);
  });
});
