// Issue #12 item 6: every catalogue measure by every dimension the merchant_daily rollup holds, asked
// of the raw facts and of the rollup on the same SF 0.1 data, gives identical numbers.
import { DIMENSION_IDS, MEASURE_IDS, queryDescriptionSchema, type DimensionId, type QueryDescriptionInput, type QueryResult, type TimeGranularity } from '@payportal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dimensionSources } from '../src/compiler/dimensionSql.ts';
import { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';

const scope = { orgId: 1, today: '2026-11-23' };
// Every dimension the rollup holds (date is the time dimension, asked by granularity below): a dimension
// added to the rollup later is compared too.
const ROLLUP_DIMENSIONS: DimensionId[] = DIMENSION_IDS.filter((dimension) => dimension !== 'date' && dimensionSources(dimension).includes('rollup'));
const GRANULARITIES: TimeGranularity[] = ['day', 'week', 'month', 'quarter', 'year'];

describe('the merchant_daily rollup', () => {
  let engine: DuckDBEngine;
  beforeAll(async () => {
    engine = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 0 });
    await engine.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.1, endMonth: '2026-10-01' });
  });
  afterAll(() => engine?.close());

  const both = async (input: QueryDescriptionInput): Promise<[QueryResult, QueryResult]> => {
    const description = queryDescriptionSchema.parse(input);
    const options = { rowCap: 100_000 };
    return Promise.all([engine.query(description, scope, { ...options, rollup: 'never' }), engine.query(description, scope, { ...options, rollup: 'always' })]);
  };
  const expectIdentical = ([raw, rollup]: [QueryResult, QueryResult]) => {
    expect(raw.source).toBe('raw');
    expect(rollup.source).toBe('rollup');
    expect(raw.truncated).toBe(false);
    expect(raw.rows.length).toBeGreaterThan(0);
    expect(rollup.rows).toEqual(raw.rows);
  };

  it('holds every rollup dimension the catalogue promises', () => {
    expect(ROLLUP_DIMENSIONS).toHaveLength(11);
  });

  it('answers every measure in total exactly as the raw facts do', async () => {
    expectIdentical(await both({ measures: MEASURE_IDS }));
  });

  it.each(ROLLUP_DIMENSIONS)('answers every measure by %s exactly as the raw facts do', async (dimension) => {
    // attrition counts merchants, which have no channel: that pair is a 400 (compileQuery.test.ts)
    const measures = dimension === 'channel' ? MEASURE_IDS.filter((measure) => measure !== 'attrition') : MEASURE_IDS;
    const answers = await both({ measures, dimensions: [dimension] });
    expectIdentical(answers);
    // the split is real: more than one member, each with its own numbers
    expect(answers[0].rows.length).toBeGreaterThan(1);
  });

  it.each(GRANULARITIES)('answers every measure by %s exactly as the raw facts do', async (granularity) => {
    expectIdentical(await both({ measures: MEASURE_IDS, timeDimension: { dimension: 'date', granularity } }));
  });

  it('agrees under filters and a date range as well', async () => {
    expectIdentical(
      await both({
        measures: MEASURE_IDS.filter((measure) => measure !== 'attrition'),
        dimensions: ['region', 'channel'],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: ['2026-01-01', '2026-06-30'] },
        filters: [
          { member: 'industry_group', operator: 'notIn', values: ['Travel & Transport'] },
          { member: 'size_tier', operator: 'set', values: [] },
        ],
      }),
    );
  });

  it('is chosen automatically when it holds every member, and not otherwise', async () => {
    const byRegion = await engine.query(queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['region'] }), scope);
    expect(byRegion.source).toBe('rollup');
    const byBrand = await engine.query(queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['card_brand'] }), scope);
    expect(byBrand.source).toBe('raw');
  });
});
