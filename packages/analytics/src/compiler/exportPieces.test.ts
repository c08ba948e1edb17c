import { queryDescriptionSchema, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { describe, expect, it } from 'vitest';
import { exportPieces } from './exportPieces.ts';

const MONTHS = ['2026-08-01', '2026-09-01', '2026-10-01'];
const pieces = (input: QueryDescriptionInput) =>
  exportPieces(queryDescriptionSchema.parse(input), '2026-11-23', MONTHS);
const rangesOf = (input: QueryDescriptionInput) => pieces(input).map((piece) => piece.timeDimension?.dateRange);

describe('an export cut into months', () => {
  it('[X11] cuts a daily or monthly answer at each month with data, reaching the bounds at both ends, without the limit', () => {
    const daily: QueryDescriptionInput = {
      measures: ['gsv'],
      dimensions: ['merchant'],
      timeDimension: { dimension: 'date', granularity: 'day' },
      limit: 10,
    };
    expect(rangesOf(daily)).toEqual([
      ['1900-01-01', '2026-08-31'],
      ['2026-09-01', '2026-09-30'],
      ['2026-10-01', '2199-12-31'],
    ]);
    expect(
      pieces(daily).every((piece) => piece.limit === undefined && piece.timeDimension?.granularity === 'day'),
    ).toBe(true);
  });

  it('[X11] keeps within the asked range, presets resolved against today', () => {
    expect(
      rangesOf({
        measures: ['gsv'],
        dimensions: [],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: ['2026-09-15', '2026-12-31'] },
      }),
    ).toEqual([
      ['2026-09-15', '2026-09-30'],
      ['2026-10-01', '2026-12-31'],
    ]);
    expect(
      rangesOf({
        measures: ['gsv'],
        dimensions: [],
        timeDimension: { dimension: 'date', granularity: 'day', dateRange: 'last_90_days' },
      }),
    ).toEqual([
      ['2026-08-26', '2026-08-31'],
      ['2026-09-01', '2026-09-30'],
      ['2026-10-01', '2026-11-23'],
    ]);
  });

  it('[X11] leaves whole what a cut would change: weeks and coarser, another order first, attrition, no date', () => {
    const whole = (input: QueryDescriptionInput) =>
      expect(pieces(input)).toEqual([queryDescriptionSchema.parse({ ...input, limit: undefined })]);
    whole({ measures: ['gsv'], dimensions: [], timeDimension: { dimension: 'date', granularity: 'week' } });
    whole({ measures: ['gsv'], dimensions: [], timeDimension: { dimension: 'date', granularity: 'quarter' } });
    whole({
      measures: ['gsv'],
      dimensions: ['state'],
      timeDimension: { dimension: 'date', granularity: 'day' },
      order: [{ member: 'gsv', direction: 'desc' }],
    });
    whole({
      measures: ['gsv'],
      dimensions: [],
      timeDimension: { dimension: 'date', granularity: 'day' },
      order: [{ member: 'date', direction: 'desc' }],
    });
    whole({ measures: ['attrition'], dimensions: [], timeDimension: { dimension: 'date', granularity: 'month' } });
    whole({ measures: ['gsv'], dimensions: ['state'] });
  });
});
