// What a repricing scenario does to residual payouts by level: over the same 12 months as the
// simulation, with its attrition, the expected change of the residual net and of what agents, sub-ISOs
// and the house receive of it. Money in dollars with cents.
import { z } from 'zod';

const levelsSchema = z.object({
  /** The residual net: income less interchange, scheme fees and Schedule A. */
  net: z.number(),
  agents: z.number(),
  subIsos: z.number(),
  /** The net less the partners' payouts. */
  house: z.number(),
});

export const scenarioPayoutsSchema = z.object({
  /** The 12 complete months, as the simulation's [first day, last day]. */
  period: z.tuple([z.string(), z.string()]),
  /** The expected change over the 12 months; null when the caller is scoped to a book (payouts are the organisation's). */
  change: levelsSchema.nullable(),
});
export type ScenarioPayouts = z.infer<typeof scenarioPayoutsSchema>;
