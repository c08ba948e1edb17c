// Every catalogue measure by every dimension the merchant_daily rollup holds, asked
// of the raw facts and of the rollup on the same SF 0.1 data, gives identical numbers.
import {
  DATE_RANGE_PRESETS,
  DIMENSION_IDS,
  MEASURE_IDS,
  queryDescriptionSchema,
  type DimensionId,
  type QueryDescriptionInput,
  type QueryResult,
  type TimeGranularity,
} from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_IDS } from '../src/catalogue/parts.ts';
import { dimensionSources } from '../src/compiler/dimensionSql.ts';
import { MEASURE_SQL } from '../src/compiler/measureSql.ts';
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import { buildMerchantDaily } from '../src/rollups/buildMerchantDaily.ts';
import { openCachedEngine } from './datasetCache.ts';

const scope = { orgId: 1, today: '2026-11-23' };

/** The last day of the data, the day the presets count back from (month to date holds one day). */
const dataEnd = '2026-10-31';
// Every dimension the rollup holds (date is the time dimension, asked by granularity below): a dimension
// added to the rollup later is compared too.
const ROLLUP_DIMENSIONS: DimensionId[] = DIMENSION_IDS.filter(
  (dimension) => dimension !== 'date' && dimensionSources(dimension).includes('rollup'),
);
const GRANULARITIES: TimeGranularity[] = ['day', 'week', 'month', 'quarter', 'year'];
/**
 * The measures whose parts the rollup holds: the dispute desk's are raw-only (catalogue/disputeParts.ts).
 * Attrition counts merchants, which have no channel and no fact rows: FACT_MEASURES leave it out.
 */
const ROLLUP_MEASURES = MEASURE_IDS.filter((measure) =>
  (MEASURE_SQL[measure].parts as readonly string[]).every(
    (part) => (PART_IDS as readonly string[]).includes(part) || part.startsWith('merchants_'),
  ),
);
const FACT_MEASURES = ROLLUP_MEASURES.filter((measure) => measure !== 'attrition');
const addDays = (text: string, days: number) =>
  new Date(Date.parse(`${text}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the merchant_daily rollup', () => {
  let engine: DuckDBEngine;
  beforeAll(async () => {
    const dataset = { orgId: scope.orgId, scaleFactor: 0.1, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { cacheEntries: 0 });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
  });
  afterAll(() => engine?.close());

  const both = async (input: QueryDescriptionInput): Promise<[QueryResult, QueryResult]> => {
    const description = queryDescriptionSchema.parse(input);
    const options = { rowCap: 100_000 };
    return Promise.all([
      engine.query(description, scope, { ...options, rollup: 'never' }),
      engine.query(description, scope, { ...options, rollup: 'always' }),
    ]);
  };
  /** Asked on `today` (presets count back from it). */
  const bothAt = async (today: string, input: QueryDescriptionInput): Promise<[QueryResult, QueryResult]> => {
    const description = queryDescriptionSchema.parse(input);
    const options = { rowCap: 100_000 };
    const at = { ...scope, today };
    return Promise.all([
      engine.query(description, at, { ...options, rollup: 'never' }),
      engine.query(description, at, { ...options, rollup: 'always' }),
    ]);
  };
  const expectIdentical = ([raw, rollup]: [QueryResult, QueryResult]) => {
    expect(raw.source).toBe('raw');
    expect(rollup.source).toBe('rollup');
    expect(raw.truncated).toBe(false);
    expect(raw.rows.length).toBeGreaterThan(0);
    expect(rollup.rows).toEqual(raw.rows);
  };

  it('holds every rollup dimension the catalogue promises', () => {
    expect(ROLLUP_DIMENSIONS).toHaveLength(13);
  });

  it('answers every measure in total exactly as the raw facts do', async () => {
    expectIdentical(await both({ measures: ROLLUP_MEASURES }));
  });

  it.each(ROLLUP_DIMENSIONS)('answers every measure by %s exactly as the raw facts do', async (dimension) => {
    // attrition counts merchants, which have no channel: that pair is a 400 (compileQuery.test.ts)
    const measures =
      dimension === 'channel' ? ROLLUP_MEASURES.filter((measure) => measure !== 'attrition') : ROLLUP_MEASURES;
    const answers = await both({ measures, dimensions: [dimension] });
    expectIdentical(answers);
    // the split is real: more than one member, each with its own numbers
    expect(answers[0].rows.length).toBeGreaterThan(1);
  });

  it.each(GRANULARITIES)('answers every measure by %s exactly as the raw facts do', async (granularity) => {
    expectIdentical(await both({ measures: ROLLUP_MEASURES, timeDimension: { dimension: 'date', granularity } }));
  });

  it('agrees under filters and a date range as well', async () => {
    expectIdentical(
      await both({
        measures: ROLLUP_MEASURES.filter((measure) => measure !== 'attrition'),
        dimensions: ['region', 'channel'],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: ['2026-01-01', '2026-06-30'] },
        filters: [
          { member: 'industry_group', operator: 'notIn', values: ['Travel & Transport'] },
          { member: 'size_tier', operator: 'set', values: [] },
        ],
      }),
    );
  });

  it.each(DATE_RANGE_PRESETS)(
    'answers every measure over %s (counted back from today) by month and by day exactly as the raw facts do',
    async (dateRange) => {
      for (const granularity of ['month', 'day'] as const) {
        expectIdentical(
          await bothAt(dataEnd, {
            measures: ROLLUP_MEASURES,
            dimensions: ['region'],
            timeDimension: { dimension: 'date', granularity, dateRange },
          }),
        );
      }
    },
  );

  it('answers month and week buckets that straddle the first and the last day of the data exactly as the raw facts do', async () => {
    const [first, last] = await engine.withConnection(async (connection) => {
      const reader = await connection.runAndReadAll(
        `select min(txn_date)::varchar, max(txn_date)::varchar from transactions where org_id = ${scope.orgId}`,
      );
      return reader.getRowsJS()[0] as [string, string];
    });
    for (const granularity of ['month', 'week'] as const) {
      // a range reaching past both edges, one starting and ending mid-bucket inside them
      expectIdentical(
        await both({
          measures: ROLLUP_MEASURES,
          timeDimension: { dimension: 'date', granularity, dateRange: [addDays(first, -20), addDays(last, 20)] },
        }),
      );
      expectIdentical(
        await both({
          measures: ROLLUP_MEASURES,
          dimensions: ['state'],
          timeDimension: { dimension: 'date', granularity, dateRange: [addDays(first, 10), addDays(last, -10)] },
        }),
      );
    }
  });

  it('answers state and merchant by month exactly as the raw facts do, months holding only a closed merchant’s late chargebacks included', async () => {
    // the case the rollup once got wrong: chargebacks received after the merchant's last sale. Closed
    // merchants are small, so the data may hold none: one is added (a closed merchant's last chargeback
    // again, a month after its closure) and the rollup rebuilt.
    const chargebackOnlyMonths = await engine.withConnection(async (connection) => {
      await connection.run(`insert into chargebacks select c.* replace (c.chargeback_id + 1000000000 as chargeback_id, m.closed_on + 35 as received_date)
        from chargebacks c join merchants m using (org_id, merchant_id)
        where c.org_id = ${scope.orgId} and m.closed_on is not null and m.closed_on + 35 <= date '2026-10-31'
        order by c.chargeback_id desc limit 1`);
      await buildMerchantDaily(connection, scope.orgId);
      const reader = await connection.runAndReadAll(`select count(*) from (
          select merchant_id, date_trunc('month', received_date) as month from chargebacks where org_id = ${scope.orgId}
          except select merchant_id, date_trunc('month', txn_date) from transactions where org_id = ${scope.orgId})`);
      return Number(reader.getRowsJS()[0]![0]);
    });
    expect(chargebackOnlyMonths).toBeGreaterThan(0);
    for (const dimension of ['state', 'merchant_id'] as const) {
      expectIdentical(
        await both({
          measures: ['gsv'],
          dimensions: [dimension],
          timeDimension: { dimension: 'date', granularity: 'month' },
        }),
      );
      expectIdentical(
        await both({
          measures: ['chargebacks'],
          dimensions: [dimension],
          timeDimension: { dimension: 'date', granularity: 'month' },
        }),
      );
      expectIdentical(
        await both({
          measures: FACT_MEASURES,
          dimensions: [dimension],
          timeDimension: { dimension: 'date', granularity: 'month' },
        }),
      );
    }
    // distinct values alone read the sales: no member that only a chargeback carries
    expectIdentical(
      await both({
        measures: [],
        dimensions: ['state', 'merchant_id'],
        timeDimension: { dimension: 'date', granularity: 'month' },
      }),
    );
  });

  it('answers every measure by day for merchants with days of declines only exactly as the raw facts do', async () => {
    const merchants = await engine.withConnection(async (connection) => {
      const reader =
        await connection.runAndReadAll(`select distinct merchant_id::varchar from transactions where org_id = ${scope.orgId}
          group by merchant_id, txn_date having bool_and(auth_result = 'declined') order by 1 limit 20`);
      return reader.getRowsJS().map((row) => String(row[0]));
    });
    expect(merchants.length).toBeGreaterThan(0);
    expectIdentical(
      await both({
        measures: FACT_MEASURES,
        dimensions: ['merchant_id', 'channel'],
        timeDimension: { dimension: 'date', granularity: 'day' },
        filters: [{ member: 'merchant_id', operator: 'in', values: merchants }],
      }),
    );
  });

  it('is chosen automatically when it holds every member, and not otherwise', async () => {
    const byRegion = await engine.query(
      queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['region'] }),
      scope,
    );
    expect(byRegion.source).toBe('rollup');
    const byBrand = await engine.query(
      queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['card_brand'] }),
      scope,
    );
    expect(byBrand.source).toBe('raw');
  });
});
