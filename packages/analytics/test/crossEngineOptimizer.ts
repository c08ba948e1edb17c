// The revenue optimizer asked of both engines on the cross-engine test's data (crossEngine.test.ts calls
// this inside its suite): segments, the P&L (as it opens, sorted, searched, flagged, of a segment),
// simulations (two actions; a move to IC++ capped, with a doubled β), the affected merchants, leakage
// with its causes, the regulatory what-ifs. Every field compared: texts equal, numbers to the cent or to
// 1e-9 of their size (rates, hazards), lists in the same order.
import { DEFAULT_ATTRITION, pnlRequestSchema, scenarioDefinitionSchema } from '@payportal/shared/optimizer';
import { describe, expect, it } from 'vitest';
import type { QueryScope } from '../src/compiler/compileQuery.ts';
import type { OptimizerQuestion } from '../src/optimizer/optimizerQuestion.ts';
import type { Engines } from './crossEngineMerchantPage.ts';

/** Where the two answers differ, as `path: DuckDB / ClickHouse` lines. */
function differences(expected: unknown, actual: unknown, path: string, found: string[] = []): string[] {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (
      Math.abs(expected - actual) > 0.005 + 1e-9 &&
      Math.abs(expected - actual) > 1e-9 * Math.max(Math.abs(expected), Math.abs(actual))
    )
      found.push(`${path}: ${expected} / ${actual}`);
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) found.push(`${path}: ${expected.length} / ${actual.length} items`);
    expected.forEach((item, index) => differences(item, actual[index], `${path}[${index}]`, found));
  } else if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    expect(Object.keys(actual).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected))
      differences(value, (actual as Record<string, unknown>)[key], `${path}.${key}`, found);
  } else if (!Object.is(expected, actual))
    found.push(`${path}: ${JSON.stringify(expected)} / ${JSON.stringify(actual)}`);
  return found;
}

const TWO_ACTIONS = scenarioDefinitionSchema.parse({
  segment: { planTypes: ['blended', 'flat', 'tiered'] },
  actions: { markupBps: 15, monthlyFee: 5, minimumDiscount: 30 },
  toleranceBps: 20,
});
const MOVED_AND_CAPPED = scenarioDefinitionSchema.parse({
  actions: { perItem: 0.05, moveToIcPlusPlus: { markupBps: 40, perItem: 0.08 }, capBps: 12 },
  attrition: DEFAULT_ATTRITION.map((row) => ({ ...row, beta: row.beta * 2 })),
  toleranceBps: 5,
});

const QUESTIONS: [string, OptimizerQuestion][] = [
  ['the segment options', { kind: 'segments' }],
  ['the P&L as it opens', { kind: 'pnl', request: pnlRequestSchema.parse({}) }],
  [
    'the P&L by net rate, ascending, searched, over the 95th percentile',
    {
      kind: 'pnl',
      request: pnlRequestSchema.parse({ sort: 'netRateBps', direction: 'asc', search: 'a', flag: 'over' }),
    },
  ],
  [
    'the P&L of a segment by name, under water, over 3 months',
    {
      kind: 'pnl',
      request: pnlRequestSchema.parse({ sort: 'name', flag: 'under', months: 3, segment: { sizeTiers: ['<100k'] } }),
    },
  ],
  ['a simulation of two actions', { kind: 'simulate', definition: TWO_ACTIONS }],
  ['a simulation of a capped move to IC++', { kind: 'simulate', definition: MOVED_AND_CAPPED }],
  ['the merchants a capped move to IC++ affects', { kind: 'affected', definition: MOVED_AND_CAPPED }],
  ['leakage with its causes', { kind: 'leakage' }],
  ['the regulatory what-ifs', { kind: 'regulatory' }],
];

export function optimizerTests(engines: () => Engines, scope: QueryScope): void {
  describe('the revenue optimizer', () => {
    it.each(QUESTIONS)('answers %s the same', async (what, question) => {
      const { duckdb, clickhouse } = engines();
      const [expected, actual] = await Promise.all([
        duckdb.optimize(question, scope),
        clickhouse.optimize(question, scope),
      ]);
      expect(differences(expected, actual, what).slice(0, 10)).toEqual([]);
      // not vacuous: every answer has merchants, rows or money in it
      expect(JSON.stringify(expected)).toMatch(/[1-9]/);
    });

    it('answers an organisation without data with nothing on both engines', async () => {
      const { duckdb, clickhouse } = engines();
      const none = { ...scope, orgId: 99 };
      const question: OptimizerQuestion = { kind: 'simulate', definition: TWO_ACTIONS };
      expect(await clickhouse.optimize(question, none)).toEqual(await duckdb.optimize(question, none));
    });
  });
}
