// The residuals API's inputs and answers. Money is in dollars with cents (exact to the cent),
// shares in percent; a month is 'YYYY-MM' and must be complete (before the caller's running month).
import { z } from 'zod';

export const residualMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM, such as 2026-06');
export const nodeCodeSchema = z.string().trim().min(1).max(100);

export const residualStatementsQuerySchema = z.object({ month: residualMonthSchema, node: nodeCodeSchema.optional() });
export type ResidualStatementsQuery = z.infer<typeof residualStatementsQuerySchema>;
export const residualMerchantsQuerySchema = z.object({ month: residualMonthSchema });
export const residualNodePathSchema = z.object({ node: z.string() });
export const residualRunBodySchema = z.object({ month: residualMonthSchema });
export const residualRunPathSchema = z.object({ month: residualMonthSchema });

const money = z.number();
export const RESIDUAL_NODE_KINDS = ['sub_iso', 'agent'] as const;

export const residualNodeSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(RESIDUAL_NODE_KINDS),
  parent_code: z.string().nullable(),
});
export type ResidualNodeBody = z.infer<typeof residualNodeSchema>;

/** Who closed a month and when; null while the month is open (answered live). */
export const residualClosingSchema = z
  .object({ closed_at: z.string(), closed_by: z.string(), run_id: z.number().int() })
  .nullable();

export const residualTotalsSchema = z.object({
  merchants: z.number().int(),
  sales: z.number().int(),
  volume: money,
  income: money,
  interchange: money,
  scheme_fees: money,
  /** interchange + scheme fees. */
  pass_through: money,
  schedule_a: money,
  net: money,
  /** A node's own payouts; for the portfolio, every partner's. */
  payouts: money,
  /** Income adjustments − expense adjustments. */
  adjustments: money,
  /** payouts + adjustments: what is paid. */
  total: money,
});
export type ResidualTotals = z.infer<typeof residualTotalsSchema>;

export const residualChildSchema = residualNodeSchema.extend({ totals: residualTotalsSchema });

export const residualStatementsSchema = z.object({
  month: residualMonthSchema,
  closing: residualClosingSchema,
  /** Null: the portfolio. */
  node: residualNodeSchema.nullable(),
  totals: residualTotalsSchema,
  /** The portfolio's payouts by level and the house's remainder (rounding included); null for a node. */
  levels: z.object({ agents: money, sub_isos: money, house: money }).nullable(),
  /** A sub-ISO's agents; the portfolio's top nodes (sub-ISOs, agents without one); none for an agent. */
  children: z.array(residualChildSchema),
});
export type ResidualStatements = z.infer<typeof residualStatementsSchema>;

export const residualMerchantLineSchema = z.object({
  mid: z.string(),
  name: z.string(),
  agent_code: z.string().nullable(),
  sales: z.number().int(),
  volume: money,
  income: money,
  interchange: money,
  scheme_fees: money,
  schedule_a: money,
  net: money,
  share_pct: z.number(),
  payout: money,
});
export type ResidualMerchantLine = z.infer<typeof residualMerchantLineSchema>;

export const residualAdjustmentSchema = z.object({
  mid: z.string().nullable(),
  kind: z.enum(['income', 'expense']),
  amount: money,
  memo: z.string(),
});

export const residualMerchantsSchema = z.object({
  month: residualMonthSchema,
  closing: residualClosingSchema,
  node: residualNodeSchema,
  lines: z.array(residualMerchantLineSchema),
  adjustments: z.array(residualAdjustmentSchema),
  totals: residualTotalsSchema,
});
export type ResidualMerchants = z.infer<typeof residualMerchantsSchema>;

export const residualRunSchema = z.object({
  run_id: z.number().int(),
  month: residualMonthSchema,
  closed_at: z.string(),
  closed_by: z.string(),
  merchants: z.number().int(),
  net: money,
  schedule_versions: z.number().int(),
  split_versions: z.number().int(),
});
export type ResidualRun = z.infer<typeof residualRunSchema>;

/** The money fields compared between a closed month's frozen lines and the same month recomputed. */
export const RESIDUAL_CHANGE_FIELDS = [
  'sales',
  'volume',
  'income',
  'interchange',
  'scheme_fees',
  'schedule_a',
  'net',
  'agent_payout',
  'sub_iso_payout',
  'house',
] as const;

export const residualChangeSchema = z.object({
  mid: z.string(),
  /** added: a line the closed month did not have; removed: a frozen line the data no longer gives. */
  change: z.enum(['added', 'removed', 'changed']),
  fields: z.array(
    z.object({ field: z.enum(RESIDUAL_CHANGE_FIELDS), closed: z.number().nullable(), now: z.number().nullable() }),
  ),
});
/** An adjustment of the month that closing froze and the data no longer holds (removed), or the reverse (added). */
export const residualAdjustmentChangeSchema = residualAdjustmentSchema.extend({
  node_code: z.string(),
  change: z.enum(['added', 'removed']),
});
export const residualChangesSchema = z.object({
  month: residualMonthSchema,
  closing: residualClosingSchema.unwrap(),
  /** Merchant lines that differ; with `adjustments`, nothing changed since closing when both are empty. */
  changes: z.array(residualChangeSchema),
  /** A changed adjustment is listed twice: removed as it was, added as it is. */
  adjustments: z.array(residualAdjustmentChangeSchema),
});
export type ResidualChanges = z.infer<typeof residualChangesSchema>;
