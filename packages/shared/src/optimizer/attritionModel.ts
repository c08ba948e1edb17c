// The attrition model of the repricing simulator: a merchant's annual hazard is
// base(size tier) + β(size tier) × the rise in its effective rate in bps. Both tables are editable per
// scenario; these defaults and their sources are in packages/analytics/OPTIMIZER.md.
import { z } from 'zod';
import { SIZE_TIERS, type SizeTier } from './optimizerSegment.ts';

/** Annual probability of leaving: 1 − (1 − monthly)^12's monthly hazards (1.8 %, 1.0 %, 0.6 %). */
const annual = (monthly: number) => Math.round((1 - (1 - monthly) ** 12) * 10_000) / 10_000;

/**
 * β: the added annual probability per bps of rise = pricing's share of attrition × base ÷ 25 bps, the
 * rise taken as what pricing-driven leavers saw (model). Shares: 25–35 % for $100k–1M and over 90 % for
 * $20M+ (public industry figures); the tiers between are interpolated (model).
 */
const PRICING_SHARE: Record<SizeTier, number> = {
  '<100k': 0.25,
  '100k-1M': 0.3,
  '1M-5M': 0.5,
  '5M-20M': 0.7,
  '20M+': 0.9,
};
const BASE: Record<SizeTier, number> = {
  '<100k': annual(0.018),
  '100k-1M': annual(0.018),
  '1M-5M': annual(0.01),
  '5M-20M': annual(0.006),
  '20M+': annual(0.006),
};
const REFERENCE_RISE_BPS = 25;

export const attritionRowSchema = z.strictObject({
  sizeTier: z.enum(SIZE_TIERS),
  /** Annual hazard without repricing, 0–1. */
  baseHazard: z.number().min(0).max(1),
  /** Added annual hazard per bps of effective-rate rise, 0–0.1. */
  beta: z.number().min(0).max(0.1),
});
export type AttritionRow = z.infer<typeof attritionRowSchema>;

export const DEFAULT_ATTRITION: readonly AttritionRow[] = SIZE_TIERS.map((sizeTier) => ({
  sizeTier,
  baseHazard: BASE[sizeTier],
  beta: Math.round((PRICING_SHARE[sizeTier] * BASE[sizeTier] * 1e6) / REFERENCE_RISE_BPS) / 1e6,
}));

/** One row per size tier, each once. */
export const attritionTableSchema = z
  .array(attritionRowSchema)
  .length(SIZE_TIERS.length)
  .refine((rows) => new Set(rows.map((row) => row.sizeTier)).size === SIZE_TIERS.length, 'give each size tier once');

export const ATTRITION_SOURCES = [
  'Base hazard: monthly hazards 1.8 % (< $1M), 1.0 % ($1–5M), 0.6 % ($5M+), compounded over 12 months; about 20 % a year under $5M (public industry figures).',
  'β: pricing drives 25–35 % of attrition for $100k–$1M merchants and over 90 % for $20M+ merchants (public industry figures); tiers between interpolated; a 25 bps rise taken as what pricing-driven leavers saw (model).',
] as const;
