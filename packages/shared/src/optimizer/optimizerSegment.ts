// Which merchants a P&L or a repricing scenario covers: the compound industry and
// region fields, size tier and plan type. An empty list means "any".
import { z } from 'zod';

export const SIZE_TIERS = ['<100k', '100k-1M', '1M-5M', '5M-20M', '20M+'] as const;
export type SizeTier = (typeof SIZE_TIERS)[number];
export const PLAN_TYPES = ['ic_plus_plus', 'blended', 'tiered', 'flat'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const PLAN_TYPE_LABELS: Record<PlanType, string> = {
  ic_plus_plus: 'IC++',
  blended: 'Blended',
  tiered: 'Tiered',
  flat: 'Flat',
};

const names = z.array(z.string().trim().min(1).max(100)).max(60).default([]);

export const segmentSchema = z.strictObject({
  industryGroups: names,
  /** MCCs. */
  industries: z
    .array(z.string().regex(/^\d{4}$/, 'an MCC is four digits'))
    .max(60)
    .default([]),
  regions: names,
  /** Two-letter state codes. */
  states: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'a state code is two capital letters'))
    .max(60)
    .default([]),
  sizeTiers: z.array(z.enum(SIZE_TIERS)).max(SIZE_TIERS.length).default([]),
  planTypes: z.array(z.enum(PLAN_TYPES)).max(PLAN_TYPES.length).default([]),
});
export type Segment = z.output<typeof segmentSchema>;
export type SegmentInput = z.input<typeof segmentSchema>;

const childOption = z.object({ value: z.string(), label: z.string(), parent: z.string() });

/** What the segment fields can hold for the caller's organisation: the compound fields' two levels each. */
export const segmentOptionsSchema = z.object({
  industryGroups: z.array(z.string()),
  /** MCCs, under their industry group. */
  industries: z.array(childOption),
  regions: z.array(z.string()),
  /** State codes, under their region. */
  states: z.array(childOption),
});
export type SegmentOptions = z.infer<typeof segmentOptionsSchema>;
