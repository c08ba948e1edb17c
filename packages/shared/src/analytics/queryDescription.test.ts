// The query description's schema: what a caller may ask, and the words it gets back when it may not.
import { describe, expect, it } from 'vitest';
import { DIMENSIONS, MEASURES, METRIC_FORMATS } from './catalogue.ts';
import { queryDescriptionSchema, valuesQuerySchema } from './queryDescription.ts';

const problems = (input: unknown) => {
  const parsed = queryDescriptionSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('queryDescriptionSchema', () => {
  it('accepts a dashboard-typical description and fills the defaults', () => {
    const parsed = queryDescriptionSchema.parse({
      measures: ['gsv', 'approval_rate'],
      dimensions: ['channel'],
      timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_90_days' },
      filters: [{ member: 'state', operator: 'in', values: ['CA', 'NY'] }],
    });
    expect(parsed.order).toEqual([]);
    expect(parsed.filters[0]!.values).toEqual(['CA', 'NY']);
  });

  it('names the allowed members for an unknown one', () => {
    expect(problems({ measures: ['revenue'] })[0]).toMatch(
      /^measures\.0: unknown measure "revenue": must be one of gsv, transactions, avg_ticket/,
    );
    expect(problems({ measures: ['gsv'], dimensions: ['colour'] })[0]).toMatch(
      /^dimensions\.0: unknown dimension "colour": must be one of date, industry_group/,
    );
  });

  it('checks each operator’s arity and the type of its values', () => {
    expect(problems({ measures: ['gsv'], filters: [{ member: 'state', operator: 'between', values: ['A'] }] })).toEqual(
      [
        'filters.0.values: between takes exactly 2 values',
        'filters.0.operator: between needs a measure or the date, not state',
      ],
    );
    expect(problems({ measures: ['gsv'], filters: [{ member: 'gsv', operator: 'gt', values: ['1000'] }] })).toEqual([
      'filters.0.values.0: must be a number',
    ]);
    expect(
      problems({ measures: ['gsv'], filters: [{ member: 'cross_border', operator: 'equals', values: ['yes'] }] }),
    ).toEqual(['filters.0.values.0: must be true or false']);
    expect(
      problems({ measures: ['gsv'], filters: [{ member: 'date', operator: 'gte', values: ['2026-13-01'] }] }),
    ).toEqual(['filters.0.values.0: must be a date as YYYY-MM-DD']);
    expect(problems({ measures: ['gsv'], filters: [{ member: 'merchant', operator: 'set', values: ['x'] }] })).toEqual([
      'filters.0.values: set takes exactly 0 values',
    ]);
  });

  it('refuses unknown keys, the organisation among them', () => {
    expect(problems({ measures: ['gsv'], orgId: 2 })[0]).toMatch(/orgId/);
    expect(problems({ measures: ['gsv'], timeDimension: { dimension: 'date', org_id: 2 } })[0]).toMatch(/org_id/);
  });

  it('bounds values: length, lone surrogates, list sizes, the row limit', () => {
    const filter = (values: unknown[]) => ({
      measures: ['gsv'],
      filters: [{ member: 'merchant', operator: 'in', values }],
    });
    expect(problems(filter(['x'.repeat(257)]))).toEqual(['filters.0.values.0: must be at most 256 characters']);
    expect(problems(filter(['\uD800']))).toEqual(['filters.0.values.0: must be valid Unicode text']);
    expect(problems(filter(Array.from({ length: 1001 }, (_, index) => `m${index}`)))[0]).toMatch(/filters\.0\.values/);
    expect(problems({ measures: ['gsv'], limit: 10_001 })[0]).toMatch(/^limit/);
    expect(valuesQuerySchema.safeParse({ search: '\uDC00' }).success).toBe(false);
  });

  it('refuses an empty question, a date range backwards, an order by a member not asked for', () => {
    expect(problems({})).toEqual(['measures: ask for at least one measure or dimension']);
    expect(
      problems({ measures: ['gsv'], timeDimension: { dimension: 'date', dateRange: ['2026-02-01', '2026-01-01'] } }),
    ).toEqual(['timeDimension.dateRange: must start on or before its end']);
    expect(problems({ measures: ['gsv'], order: [{ member: 'state', direction: 'asc' }] })).toEqual([
      'order.0.member: state is not in the query',
    ]);
  });

  it('gives every catalogue member a label, and every measure one of the four formats', () => {
    for (const meta of [...Object.values(MEASURES), ...Object.values(DIMENSIONS)])
      expect(meta.label.length).toBeGreaterThan(0);
    for (const measure of Object.values(MEASURES)) expect(METRIC_FORMATS).toContain(measure.format);
  });

  it('refuses dates outside 1900–2199 and subnormal numbers, which no engine holds exactly', () => {
    const range = (from: string, to: string) =>
      queryDescriptionSchema.safeParse({
        measures: ['gsv'],
        timeDimension: { dimension: 'date', dateRange: [from, to] },
      }).success;
    expect(range('1900-01-01', '2199-12-31')).toBe(true);
    expect(range('9999-01-01', '9999-12-31')).toBe(false);
    expect(range('0000-01-01', '2026-01-01')).toBe(false);
    const filter = (value: number) =>
      queryDescriptionSchema.safeParse({
        measures: ['gsv'],
        filters: [{ member: 'gsv', operator: 'gt', values: [value] }],
      }).success;
    expect(filter(0)).toBe(true);
    expect(filter(1e-300)).toBe(true);
    expect(filter(1e-320)).toBe(false);
  });
});
