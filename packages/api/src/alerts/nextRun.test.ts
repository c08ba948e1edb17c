import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './nextRun.ts';

const daily = { frequency: 'daily', hour: 7, weekday: 1, day_of_month: 1 } as const;

describe('the next run of a subscription', () => {
  it('is the next 07:00 on the organisation’s wall clock, across a daylight-saving change', () => {
    expect(nextRunAfter(daily, new Date('2026-11-01T06:00:00Z'), 'UTC').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(nextRunAfter(daily, new Date('2026-11-01T07:00:00Z'), 'UTC').toISOString()).toBe('2026-11-02T07:00:00.000Z');
    // New York leaves daylight saving on 1 November 2026: 07:00 is 11:00 UTC before, 12:00 after.
    expect(nextRunAfter(daily, new Date('2026-10-31T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-01T12:00:00.000Z',
    );
    expect(nextRunAfter(daily, new Date('2026-10-30T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-10-31T11:00:00.000Z',
    );
  });

  it('runs weekly on its weekday and monthly on its date, or a short month’s last day', () => {
    // 2026-11-01 is a Sunday; the next Monday is the 2nd.
    expect(
      nextRunAfter(
        { ...daily, frequency: 'weekly', weekday: 1 },
        new Date('2026-11-01T08:00:00Z'),
        'UTC',
      ).toISOString(),
    ).toBe('2026-11-02T07:00:00.000Z');
    expect(
      nextRunAfter(
        { ...daily, frequency: 'monthly', day_of_month: 31 },
        new Date('2026-11-05T00:00:00Z'),
        'UTC',
      ).toISOString(),
    ).toBe('2026-11-30T07:00:00.000Z');
    expect(
      nextRunAfter(
        { ...daily, frequency: 'monthly', day_of_month: 15 },
        new Date('2026-11-15T08:00:00Z'),
        'UTC',
      ).toISOString(),
    ).toBe('2026-12-15T07:00:00.000Z');
  });
});
