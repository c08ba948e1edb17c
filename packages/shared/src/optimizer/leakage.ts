// Interchange leakage: a sale billed at another interchange programme than the one it
// qualified for (a downgrade, or the general programme although its MCC qualifies for a reduced rate);
// actual − target interchange, by root cause, and the merchants who could recover most.
import { z } from 'zod';

export const LEAKAGE_CAUSES = [
  'late_settlement',
  'missing_avs',
  'auth_settle_mismatch',
  'commercial_without_level_data',
  'cheaper_program',
  'other',
] as const;
export type LeakageCause = (typeof LEAKAGE_CAUSES)[number];

export const LEAKAGE_CAUSE_LABELS: Record<LeakageCause, string> = {
  late_settlement: 'Late settlement (batch closed 2+ days after the sale)',
  missing_avs: 'Missing AVS on a keyed or card-not-present sale',
  auth_settle_mismatch: 'Settled amount ≠ authorised amount (outside tip MCCs)',
  commercial_without_level_data: 'Commercial card without Level 2/3 data',
  cheaper_program: 'A cheaper programme the MCC qualifies for',
  other: 'Other downgrade',
};

export const leakageResultSchema = z.object({
  period: z.tuple([z.string(), z.string()]),
  /** The complete months of the period: the headline, the causes and the merchants are each a month's average over them. */
  months: z.number().int().min(1),
  /** Over the whole period, as each cause's leakage. */
  total: z.number(),
  causes: z.array(z.object({ cause: z.enum(LEAKAGE_CAUSES), leakage: z.number(), sales: z.number() })),
  merchants: z.array(
    z.object({
      merchantId: z.number(),
      mid: z.string(),
      name: z.string(),
      recoverablePerMonth: z.number(),
      /** Sales billed above their target programme in the period. */
      leakingSales: z.number(),
      mainCause: z.enum(LEAKAGE_CAUSES),
      mainCauseShare: z.number(),
    }),
  ),
});
export type LeakageResult = z.infer<typeof leakageResultSchema>;
