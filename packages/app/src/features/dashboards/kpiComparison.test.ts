// What a KPI tile says about its change: the period named, and no change where the data cannot back one.
import { describe, expect, it } from 'vitest';
import { changeIsGood, kpiComparison } from './kpiComparison.ts';

const lastYear = { range: ['2025-01-01', '2025-11-27'] as const, phrase: 'the same days last year' };

describe('a KPI’s comparison line', () => {
  it('names the period an amount is compared with and gives its change in per cent', () => {
    expect(kpiComparison(120, 100, 'money', lastYear, '2025-01-01')).toEqual({
      kind: 'change',
      change: 0.2,
      points: false,
      against: 'vs the same days last year',
    });
  });

  it('gives a rate’s change in percentage points', () => {
    expect(
      kpiComparison(
        0.975,
        0.972,
        'percent',
        { range: ['2026-09-29', '2026-10-28'], phrase: 'the previous 30 days' },
        '2026-01-01',
      ),
    ).toMatchObject({
      kind: 'change',
      change: expect.closeTo(0.003, 9),
      points: true,
      against: 'vs the previous 30 days',
    });
  });

  it('shows no change when the data starts inside the period, and says when it starts', () => {
    expect(kpiComparison(120, 10, 'money', lastYear, '2025-11-01')).toEqual({
      kind: 'none',
      text: 'Not compared with the same days last year (1 Jan – 27 Nov 2025): the data starts on 1 Nov 2025',
    });
  });

  it('shows no change when the period is before the data', () => {
    expect(kpiComparison(120, null, 'money', lastYear, null)).toEqual({
      kind: 'none',
      text: 'Not compared with the same days last year (1 Jan – 27 Nov 2025): the data does not reach back that far',
    });
  });

  it('has nothing to compare over all dates, and says so', () => {
    expect(kpiComparison(120, null, 'money', null, null)).toEqual({
      kind: 'none',
      text: 'All dates: no earlier period to compare',
    });
  });

  it('reads a fall in chargebacks or declines as good news and a fall in sales as bad', () => {
    expect(changeIsGood('chargeback_ratio', -0.0003)).toBe(true);
    expect(changeIsGood('downgrade_leakage', 1.9)).toBe(false);
    expect(changeIsGood('soft_decline_rate', 0.0037)).toBe(false);
    expect(changeIsGood('gsv', -0.1)).toBe(false);
    expect(changeIsGood('approval_rate', 0.01)).toBe(true);
  });
});
