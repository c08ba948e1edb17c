// Interchange leakage (issue #17 item 3): a downgraded sale paid more interchange than the programme it
// qualified for; the difference, by root cause, and the merchants who could recover most.
import { z } from 'zod';

export const LEAKAGE_CAUSES = ['late_settlement', 'missing_avs', 'commercial_without_level_data', 'other'] as const;
export type LeakageCause = (typeof LEAKAGE_CAUSES)[number];

export const LEAKAGE_CAUSE_LABELS: Record<LeakageCause, string> = {
  late_settlement: 'Late settlement (batch closed 2+ days after the sale)',
  missing_avs: 'Missing AVS on a keyed or card-not-present sale',
  commercial_without_level_data: 'Commercial card without Level 2/3 data',
  other: 'Other downgrade',
};

export const leakageResultSchema = z.object({
  period: z.tuple([z.string(), z.string()]),
  total: z.number(),
  causes: z.array(z.object({ cause: z.enum(LEAKAGE_CAUSES), leakage: z.number(), sales: z.number() })),
  merchants: z.array(
    z.object({
      merchantId: z.number(),
      mid: z.string(),
      name: z.string(),
      recoverablePerMonth: z.number(),
      downgradedSales: z.number(),
      mainCause: z.enum(LEAKAGE_CAUSES),
      mainCauseShare: z.number(),
    }),
  ),
});
export type LeakageResult = z.infer<typeof leakageResultSchema>;
