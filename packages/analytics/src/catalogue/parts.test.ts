// The catalogue's definitions as a payments analyst reads them, asked of an engine over generated data:
// a rate by decline code is each code's share of every attempt in scope, so the codes add up.
import {
  MEASURES,
  queryDescriptionSchema,
  type QueryCell,
  type QueryDescriptionInput,
} from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';

const scope = { orgId: 5, today: '2026-11-23' };
const endMonth = '2026-10-01';

describe('the catalogue definitions', () => {
  let engine: DuckDBEngine;
  beforeAll(async () => {
    engine = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 0 });
    await engine.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.02, endMonth });
  });
  afterAll(() => engine?.close());

  const rows = async (input: QueryDescriptionInput): Promise<QueryCell[][]> =>
    (await engine.query(queryDescriptionSchema.parse(input), scope)).rows;
  const sum = (values: unknown[]) => values.reduce<number>((total, value) => total + Number(value ?? 0), 0);
  const rates = ['decline_rate', 'soft_decline_rate', 'hard_decline_rate', 'approval_rate'] as const;

  it('[Q14] gives each decline code its share of all attempts, so the codes add up to the decline rate', async () => {
    const [overall] = await rows({ measures: [...rates, 'declines', 'authorisations'] });
    const byCode = await rows({ measures: [...rates, 'declines', 'authorisations'], dimensions: ['decline_code'] });
    const coded = byCode.filter((row) => row[0] !== null);
    expect(coded.length).toBeGreaterThanOrEqual(8);
    // every code below 100 %: 51 (insufficient funds, 40 % of declines) is a few percent of attempts
    for (const row of coded) expect(row[1]).toBeLessThan(0.1);
    expect(sum(coded.map((row) => row[1]))).toBeCloseTo(overall![0] as number, 12);
    expect(sum(coded.map((row) => row[2]))).toBeCloseTo(overall![1] as number, 12);
    expect(sum(coded.map((row) => row[3]))).toBeCloseTo(overall![2] as number, 12);
    // the approved share sits on the row without a code; approvals and declines make the whole
    const uncoded = byCode.find((row) => row[0] === null)!;
    expect(uncoded[4]).toBeCloseTo(overall![3] as number, 12);
    expect(sum(byCode.map((row) => row[1])) + sum(byCode.map((row) => row[4]))).toBeCloseTo(1, 12);
    // counts are split as usual: the declines of every code, the attempts of every row
    expect(sum(coded.map((row) => row[5]))).toBe(overall![4]);
    expect(sum(byCode.map((row) => row[6]))).toBe(overall![5]);
  });

  it('[Q14] keeps the share of all attempts under other dimensions, a date range and a filter on the code', async () => {
    const timeDimension = {
      dimension: 'date' as const,
      granularity: 'month' as const,
      dateRange: ['2026-04-01', '2026-09-30'] as [string, string],
    };
    const byBrand = await rows({ measures: ['decline_rate'], dimensions: ['card_brand', 'region'], timeDimension });
    const byBrandAndCode = await rows({
      measures: ['decline_rate'],
      dimensions: ['card_brand', 'region', 'decline_code'],
      timeDimension,
    });
    expect(byBrand.length).toBeGreaterThan(20);
    for (const [date, brand, region, rate] of byBrand) {
      const codes = byBrandAndCode.filter(
        (row) => row[0] === date && row[1] === brand && row[2] === region && row[3] !== null,
      );
      expect(sum(codes.map((row) => row[4]))).toBeCloseTo(rate as number, 12);
    }
    // a filter on the code narrows the declines, not the attempts they are a share of
    const insufficientFunds = await rows({
      measures: ['decline_rate'],
      dimensions: ['card_brand'],
      filters: [{ member: 'decline_code', operator: 'equals', values: ['51'] }],
    });
    const everyCode = await rows({ measures: ['decline_rate'], dimensions: ['card_brand', 'decline_code'] });
    expect(insufficientFunds.length).toBe(4);
    for (const [brand, rate] of insufficientFunds) {
      expect(rate).toBeCloseTo(everyCode.find((row) => row[0] === brand && row[1] === '51')![2] as number, 12);
    }
  });

  it('[Q15] counts the cohort view’s chargebacks on the day of the sale they dispute', async () => {
    // over every date, the same chargebacks and sales as the received-date view
    const [total] = await rows({
      measures: ['chargeback_ratio', 'chargeback_ratio_cohort', 'vamp_ratio', 'vamp_ratio_cohort'],
    });
    expect(total![1]).toBeCloseTo(total![0] as number, 12);
    expect(total![3]).toBeCloseTo(total![2] as number, 12);
    // by month: each month's chargebacks of that month's sales, counted by hand through the sale
    const byMonth = await rows({
      measures: ['chargeback_ratio_cohort', 'transactions'],
      timeDimension: { dimension: 'date', granularity: 'month' },
    });
    const byHand = await engine.withConnection(async (connection) => {
      const reader =
        await connection.runAndReadAll(`select strftime(date_trunc('month', t.txn_date), '%Y-%m-%d') as month, count(*)::integer as disputed
        from chargebacks c join transactions t using (org_id, tx_id) where c.org_id = ${scope.orgId} group by all`);
      return new Map(reader.getRowsJS().map((row) => [String(row[0]), Number(row[1])]));
    });
    const sales = await engine.withConnection(async (connection) => {
      const reader =
        await connection.runAndReadAll(`select strftime(date_trunc('month', txn_date), '%Y-%m-%d'), count(*)::integer from transactions
        where org_id = ${scope.orgId} and auth_result = 'approved' and not is_refund and settled group by all`);
      return new Map(reader.getRowsJS().map((row) => [String(row[0]), Number(row[1])]));
    });
    expect(byMonth.length).toBe(13);
    for (const [month, ratio] of byMonth)
      expect(ratio).toBeCloseTo((byHand.get(month as string) ?? 0) / sales.get(month as string)!, 12);
    // the last months' sales have had less time to be disputed: their cohort ratio is lower than a mature month's
    expect(byMonth.at(-1)![1]).toBeLessThan(byMonth[6]![1] as number);
    expect(MEASURES.chargeback_ratio_cohort.matureAfterDays).toBe(120);
    expect(MEASURES.vamp_ratio_cohort.matureAfterDays).toBe(120);
  });
});
