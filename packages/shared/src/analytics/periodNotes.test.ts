// The period notes of an answer by period, found without its rows: only the range's edges, the period
// still running and, for a measure that matures, its recent periods have one.
import { describe, expect, it } from 'vitest';
import { periodNotesOf } from './periodNotes.ts';
import { queryDescriptionSchema, type QueryDescriptionInput } from './queryDescription.ts';

const today = '2026-11-27';
const notes = (input: QueryDescriptionInput) =>
  Object.fromEntries(periodNotesOf(queryDescriptionSchema.parse(input), today));
const MATURING = 'Not yet mature: it holds sales less than 120 days old, so its figure can still change';

describe('periodNotesOf', () => {
  it('names the month the last 30 days cut short and the month still running', () => {
    expect(
      notes({
        measures: ['gsv'],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_30_days' },
      }),
    ).toEqual({
      '2026-10-01': 'Partial: 3 of 31 days (29–31 Oct 2026)',
      '2026-11-01': 'Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over',
    });
  });

  it('names every month a maturing measure is young in, over all dates, and none before', () => {
    const found = notes({
      measures: ['gsv', 'vamp_ratio_cohort'],
      timeDimension: { dimension: 'date', granularity: 'month' },
    });
    expect(Object.keys(found)).toEqual(['2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01']);
    expect(found['2026-08-01']).toBe(MATURING);
    expect(found['2026-11-01']).toBe(
      `Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over. ${MATURING}`,
    );
  });

  it('names the month the data starts in when it starts after the month does, over all dates', () => {
    const byMonth = queryDescriptionSchema.parse({
      measures: ['gsv'],
      timeDimension: { dimension: 'date', granularity: 'month' },
    });
    expect(Object.fromEntries(periodNotesOf(byMonth, today, '2025-10-27'))).toEqual({
      '2025-10-01': 'Partial: 5 of 31 days (27–31 Oct 2025)',
      '2026-11-01': 'Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over',
    });
    // data that starts on the first of a month leaves it whole
    expect(Object.keys(Object.fromEntries(periodNotesOf(byMonth, today, '2025-11-01')))).toEqual(['2026-11-01']);
  });

  it('has nothing to say without periods, or of a past range of whole periods', () => {
    expect(notes({ measures: ['gsv'], dimensions: ['region'] })).toEqual({});
    expect(
      notes({
        measures: ['gsv'],
        timeDimension: { dimension: 'date', granularity: 'week', dateRange: ['2026-03-02', '2026-03-29'] },
      }),
    ).toEqual({});
  });
});
