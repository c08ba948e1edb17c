import { describe, expect, it } from 'vitest';
import { isOlderThanPasswordLimit } from './passwordAge.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('isOlderThanPasswordLimit (spec §5: updated within 60 days)', () => {
  it('accepts 60 days and refuses 60 days and a moment', () => {
    expect(isOlderThanPasswordLimit(0, 60 * DAY)).toBe(false);
    expect(isOlderThanPasswordLimit(0, 60 * DAY + 1)).toBe(true);
  });
});
