import { describe, expect, it } from 'vitest';
import {
  comparisonPeriod,
  periodStatus,
  rangePhrase,
  resolveDateRange,
  type DateRange,
  type PeriodContext,
} from './datePeriods.ts';

const today = '2026-11-27';

describe('a range in words', () => {
  it.each<[DateRange | undefined, string]>([
    ['year_to_date', 'year to date'],
    ['last_30_days', 'last 30 days'],
    [['2026-03-01', '2026-03-10'], '1–10 Mar 2026'],
    [['2026-02-27', '2026-03-10'], '27 Feb – 10 Mar 2026'],
    [['2025-12-01', '2026-01-31'], '1 Dec 2025 – 31 Jan 2026'],
    [undefined, 'all dates'],
  ])('%j reads "%s"', (range, phrase) => expect(rangePhrase(range)).toBe(phrase));
});

describe('the period a figure is compared with', () => {
  it.each<[DateRange, string, [string, string], string]>([
    ['year_to_date', today, ['2025-01-01', '2025-11-27'], 'the same days last year'],
    ['year_to_date', '2028-02-29', ['2027-01-01', '2027-02-28'], 'the same days last year'],
    ['month_to_date', '2026-03-31', ['2026-02-01', '2026-02-28'], 'the same days last month'],
    ['quarter_to_date', today, ['2026-07-01', '2026-08-27'], 'the same days last quarter'],
    ['last_year', today, ['2024-01-01', '2024-12-31'], 'the year before'],
    ['last_30_days', today, ['2026-09-29', '2026-10-28'], 'the previous 30 days'],
    ['last_7_days', today, ['2026-11-14', '2026-11-20'], 'the previous 7 days'],
    [['2026-03-01', '2026-03-10'], today, ['2026-02-19', '2026-02-28'], 'the previous 10 days'],
    [['2026-03-10', '2026-03-10'], today, ['2026-03-09', '2026-03-09'], 'the day before'],
  ])('%j on %s: %j, "%s"', (range, on, expected, phrase) => {
    expect(comparisonPeriod(range, on)).toEqual({ range: expected, phrase });
  });

  it('is missing only for all dates', () => expect(comparisonPeriod(undefined, today)).toBeNull());
});

describe('whether a period of an answer is whole', () => {
  const cases: [string, PeriodContext, string, string[], string][] = [
    [
      'the first month of the last 30 days',
      { range: 'last_30_days', granularity: 'month', today },
      '2026-10-01',
      ['clipped'],
      'Partial: 3 of 31 days (29–31 Oct 2026)',
    ],
    [
      'the month still running',
      { range: 'last_30_days', granularity: 'month', today },
      '2026-11-01',
      ['running'],
      'Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over',
    ],
    [
      'a finished month of the year to date',
      { range: 'year_to_date', granularity: 'month', today },
      '2026-10-01',
      [],
      '',
    ],
    ['a month of last year', { range: 'last_year', granularity: 'month', today }, '2025-12-01', [], ''],
    [
      'this month over all dates',
      { range: undefined, granularity: 'month', today },
      '2026-11-01',
      ['running'],
      'Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over',
    ],
    [
      'the first month of data that starts on the 27th, over all dates',
      { range: undefined, granularity: 'month', today, dataFrom: '2025-10-27' },
      '2025-10-01',
      ['clipped'],
      'Partial: 5 of 31 days (27–31 Oct 2025)',
    ],
    [
      'the month after it',
      { range: undefined, granularity: 'month', today, dataFrom: '2025-10-27' },
      '2025-11-01',
      [],
      '',
    ],
    [
      'the first month of data inside a range that starts earlier',
      { range: ['2025-01-01', '2025-12-31'], granularity: 'month', today, dataFrom: '2025-10-27' },
      '2025-10-01',
      ['clipped'],
      'Partial: 5 of 31 days (27–31 Oct 2025)',
    ],
    [
      'a range that starts after the data',
      { range: 'last_30_days', granularity: 'month', today, dataFrom: '2025-10-27' },
      '2026-10-01',
      ['clipped'],
      'Partial: 3 of 31 days (29–31 Oct 2026)',
    ],
    ['today by day', { range: 'last_7_days', granularity: 'day', today }, today, ['running'], 'Partial: today so far'],
    ['yesterday by day', { range: 'last_7_days', granularity: 'day', today }, '2026-11-26', [], ''],
    [
      'a week cut at its start',
      { range: ['2026-11-04', '2026-11-10'], granularity: 'week', today },
      '2026-11-02',
      ['clipped'],
      'Partial: 5 of 7 days (4–8 Nov 2026)',
    ],
    [
      'a week cut at its end',
      { range: ['2026-11-04', '2026-11-10'], granularity: 'week', today },
      '2026-11-09',
      ['clipped'],
      'Partial: 2 of 7 days (9–10 Nov 2026)',
    ],
    [
      'this quarter to date',
      { range: 'quarter_to_date', granularity: 'quarter', today },
      '2026-10-01',
      ['running'],
      'Partial: 58 of 92 days so far (1 Oct – 27 Nov 2026), the quarter is not over',
    ],
    [
      'a month of sales 119 days old at most',
      { range: undefined, granularity: 'month', today, matureAfterDays: 120 },
      '2026-07-01',
      ['immature'],
      'Not yet mature: it holds sales less than 120 days old, so its figure can still change',
    ],
    [
      'a month of sales 149 days old at least',
      { range: undefined, granularity: 'month', today, matureAfterDays: 120 },
      '2026-06-01',
      [],
      '',
    ],
    [
      'this month of a maturing measure',
      { range: undefined, granularity: 'month', today, matureAfterDays: 120 },
      '2026-11-01',
      ['running', 'immature'],
      'Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over. Not yet mature: it holds sales less than 120 days old, so its figure can still change',
    ],
  ];
  it.each(cases)('%s', (_, context, label, shortfalls, note) => {
    const status = periodStatus(label, context);
    expect(status.shortfalls).toEqual(shortfalls);
    expect(status.note).toBe(note);
  });

  it('marks nothing outside the range (an answer holds no such bucket)', () => {
    expect(periodStatus('2026-09-01', { range: 'last_30_days', granularity: 'month', today })).toMatchObject({
      days: 0,
      shortfalls: [],
      note: '',
    });
  });

  it('counts the days it covers', () => {
    expect(periodStatus('2026-10-01', { range: 'last_30_days', granularity: 'month', today })).toMatchObject({
      from: '2026-10-29',
      to: '2026-10-31',
      days: 3,
      daysInPeriod: 31,
    });
  });
});

describe('presets resolved against today', () => {
  it('run to today', () => {
    expect(resolveDateRange('last_30_days', today)).toEqual({ from: '2026-10-29', to: today });
    expect(resolveDateRange('year_to_date', today)).toEqual({ from: '2026-01-01', to: today });
  });
});
