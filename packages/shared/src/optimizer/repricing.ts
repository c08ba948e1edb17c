// A repricing scenario and its simulated outcome. Money in dollars, rates in bps.
import { z } from 'zod';
import { attritionTableSchema, DEFAULT_ATTRITION } from './attritionModel.ts';
import { segmentSchema } from './optimizerSegment.ts';

const bps = (max: number) => z.number().min(0).max(max);
const dollars = (max: number) => z.number().min(0).max(max);

export const repricingActionsSchema = z.strictObject({
  /** + bps on every sale (IC++: the markup; blended, tiered, flat: the rate). */
  markupBps: bps(500).default(0),
  /** + dollars per sale. */
  perItem: dollars(5).default(0),
  /** Move blended, tiered and flat merchants to IC++ at this markup and per-item fee; null keeps their plan. */
  moveToIcPlusPlus: z
    .strictObject({ markupBps: bps(500), perItem: dollars(5) })
    .nullable()
    .default(null),
  /** + dollars per active month. */
  monthlyFee: dollars(500).default(0),
  pciFee: dollars(500).default(0),
  /** A monthly minimum of transaction fees; below it the shortfall is billed. Null keeps each plan's. */
  minimumDiscount: dollars(1000).nullable().default(null),
  /** The most a merchant's effective rate may rise, in bps; null: no cap. */
  capBps: bps(1000).nullable().default(null),
});
export type RepricingActions = z.output<typeof repricingActionsSchema>;

export const scenarioDefinitionSchema = z.strictObject({
  segment: segmentSchema.default({
    industryGroups: [],
    industries: [],
    regions: [],
    states: [],
    sizeTiers: [],
    planTypes: [],
  }),
  actions: repricingActionsSchema.default({
    markupBps: 0,
    perItem: 0,
    moveToIcPlusPlus: null,
    monthlyFee: 0,
    pciFee: 0,
    minimumDiscount: null,
    capBps: null,
  }),
  attrition: attritionTableSchema.default(() => DEFAULT_ATTRITION.map((row) => ({ ...row }))),
  /** Merchants whose effective rate rises more than this many bps are listed. */
  toleranceBps: bps(1000).default(25),
});
export type ScenarioDefinition = z.output<typeof scenarioDefinitionSchema>;
export type ScenarioDefinitionInput = z.input<typeof scenarioDefinitionSchema>;

export const RATE_CHANGE_BUCKETS = ['≤ 0', '0–5', '5–10', '10–25', '25–50', '50–100', '> 100'] as const;

export const affectedMerchantSchema = z.object({
  merchantId: z.number(),
  mid: z.string(),
  name: z.string(),
  sizeTier: z.string(),
  planType: z.string(),
  gsv: z.number(),
  baseRevenue: z.number(),
  uplift: z.number(),
  rateChangeBps: z.number(),
  hazardBefore: z.number(),
  hazardAfter: z.number(),
});
export type AffectedMerchant = z.infer<typeof affectedMerchantSchema>;

export const simulationResultSchema = z.object({
  /** The 12 complete months the simulation ran on, as [first day, last day]. */
  period: z.tuple([z.string(), z.string()]),
  merchants: z.number(),
  affected: z.number(),
  gsv: z.number(),
  /** Net revenue of the segment over the 12 months, as billed today. */
  baseRevenue: z.number(),
  waterfall: z.object({ grossUplift: z.number(), attritionLoss: z.number(), net: z.number() }),
  distribution: z.array(z.object({ bucket: z.enum(RATE_CHANGE_BUCKETS), merchants: z.number(), gsv: z.number() })),
  overTolerance: z.object({ count: z.number(), merchants: z.array(affectedMerchantSchema) }),
});
export type SimulationResult = z.infer<typeof simulationResultSchema>;
