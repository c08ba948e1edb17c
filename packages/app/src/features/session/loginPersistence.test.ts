import { describe, expect, it } from 'vitest';
import { isLoginTooOld } from './loginPersistence.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('isLoginTooOld (spec §5: at most 30 days since the last sign-in)', () => {
  it('keeps a login of 30 days and ends one of 30 days and a moment', () => {
    expect(isLoginTooOld(0, 30 * DAY)).toBe(false);
    expect(isLoginTooOld(0, 30 * DAY + 1)).toBe(true);
  });

  it('ends a login whose sign-in time cannot be read', () => {
    expect(isLoginTooOld(Number.NaN, 0)).toBe(true);
  });
});
