// Every value a chart, table or labelled CSV can show has words: each dimension of the catalogue is
// either named by its values (a merchant's name, a region, a date) or has a vocabulary, and that
// vocabulary holds every value the generated dataset holds.
import {
  DIMENSION_IDS,
  DIMENSIONS_NAMED_BY_VALUE,
  dimensionValueLabel,
  hasValueLabels,
  queryDescriptionSchema,
  type DimensionId,
} from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';

const scope = { orgId: 3, today: '2026-11-23' };
/** The dimensions of disputes alone (chargebacks and their events). */
const DISPUTE_DIMENSIONS: readonly DimensionId[] = ['dispute_category', 'network', 'dispute_stage', 'reason_code'];
/** A measure of the fact that holds the dimension. */
const measureOf = (dimension: DimensionId) =>
  DISPUTE_DIMENSIONS.includes(dimension) ? 'chargebacks' : dimension === 'decline_code' ? 'declines' : 'authorisations';

describe('dimension value labels', () => {
  let engine: DuckDBEngine;
  beforeAll(async () => {
    engine = await DuckDBEngine.open({ path: ':memory:', connections: 2 });
    await engine.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.02, endMonth: '2026-10-01' });
  });
  afterAll(() => engine?.close());

  it('names every dimension either by its values or by a vocabulary, not both', () => {
    for (const dimension of DIMENSION_IDS) {
      expect(DIMENSIONS_NAMED_BY_VALUE.has(dimension) !== hasValueLabels(dimension), dimension).toBe(true);
    }
  });

  it('has words for every value of every labelled dimension in the generated dataset', async () => {
    const unlabelled: string[] = [];
    let walked = 0;
    for (const dimension of DIMENSION_IDS.filter(hasValueLabels)) {
      const answer = await engine.query(
        queryDescriptionSchema.parse({ measures: [measureOf(dimension)], dimensions: [dimension] }),
        scope,
      );
      expect(answer.rows.length, dimension).toBeGreaterThan(0);
      // null is no value (an approved attempt's decline code): charts show "—"
      for (const [value] of answer.rows.filter(([cell]) => cell !== null)) {
        walked += 1;
        if (dimensionValueLabel(dimension, String(value)) === null) unlabelled.push(`${dimension}: ${String(value)}`);
      }
    }
    expect(unlabelled).toEqual([]);
    expect(walked).toBeGreaterThan(50);
  });
});
