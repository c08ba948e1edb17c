// The optimizer contract: a scenario with nothing said is "no change, default model", the
// attrition table names each size tier once, and the defaults are the monthly hazards a year.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTRITION } from './attritionModel.ts';
import { SIZE_TIERS } from './optimizerSegment.ts';
import { scenarioDefinitionSchema } from './repricing.ts';

describe('optimizer contract', () => {
  it('reads an empty scenario as no action on every merchant with the default attrition model', () => {
    const definition = scenarioDefinitionSchema.parse({});
    expect(definition.actions).toEqual({
      markupBps: 0,
      perItem: 0,
      moveToIcPlusPlus: null,
      monthlyFee: 0,
      pciFee: 0,
      minimumDiscount: null,
      capBps: null,
    });
    expect(definition.segment.planTypes).toEqual([]);
    expect(definition.attrition).toEqual(DEFAULT_ATTRITION);
  });

  it('refuses an attrition table that gives a size tier twice, and negative or absurd actions', () => {
    const twice = DEFAULT_ATTRITION.map((row, index) => (index === 1 ? { ...row, sizeTier: '<100k' as const } : row));
    expect(scenarioDefinitionSchema.safeParse({ attrition: twice }).success).toBe(false);
    expect(scenarioDefinitionSchema.safeParse({ actions: { markupBps: -1 } }).success).toBe(false);
    expect(scenarioDefinitionSchema.safeParse({ actions: { perItem: 50 } }).success).toBe(false);
    expect(scenarioDefinitionSchema.safeParse({ segment: { states: ["TX' or 1=1"] } }).success).toBe(false);
  });

  it('takes its base hazards from (1.8 %, 1.0 %, 0.6 % a month, compounded over a year)', () => {
    const yearly = (monthly: number) => 1 - (1 - monthly) ** 12;
    const expected = { '<100k': 0.018, '100k-1M': 0.018, '1M-5M': 0.01, '5M-20M': 0.006, '20M+': 0.006 } as const;
    expect(DEFAULT_ATTRITION.map((row) => row.sizeTier)).toEqual([...SIZE_TIERS]);
    for (const row of DEFAULT_ATTRITION) expect(row.baseHazard).toBeCloseTo(yearly(expected[row.sizeTier]), 4);
    // pricing drives over 90 % of $20M+ attrition: a 25 bps rise adds 0.9 × base
    expect(DEFAULT_ATTRITION.at(-1)!.beta * 25).toBeCloseTo(0.9 * DEFAULT_ATTRITION.at(-1)!.baseHazard, 5);
  });
});
