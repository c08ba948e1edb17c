// Regulatory what-ifs: interchange under a rule change, and who keeps the difference:
// IC++ merchants (interchange passes through) or the acquirer (blended, tiered and flat margins).
import { z } from 'zod';

export const REGULATORY_SCENARIOS = ['eu_ifr', 'uk_eea_cross_border', 'durbin_revision'] as const;
export type RegulatoryScenario = (typeof REGULATORY_SCENARIOS)[number];

export const REGULATORY_LABELS: Record<RegulatoryScenario, string> = {
  eu_ifr: 'EU IFR caps on consumer cards (debit 0.2 %, credit 0.3 %)',
  uk_eea_cross_border: 'UK–EEA cross-border cap (1.15 %/1.5 % → 0.2 %/0.3 %)',
  durbin_revision: 'Durbin revision (21 ¢ + 5 bps → 14.4 ¢ + 4 bps)',
};

export const regulatoryResultSchema = z.object({
  period: z.tuple([z.string(), z.string()]),
  scenarios: z.array(
    z.object({
      scenario: z.enum(REGULATORY_SCENARIOS),
      affectedSales: z.number(),
      affectedGsv: z.number(),
      /** New − current interchange (negative: cheaper). */
      interchangeChange: z.number(),
      /** What IC++ merchants' bills change by (the interchange change passes through). */
      icPlusPlusPassThrough: z.number(),
      /** What the acquirer's net revenue changes by on blended, tiered and flat plans. */
      blendedMarginChange: z.number(),
    }),
  ),
});
export type RegulatoryResult = z.infer<typeof regulatoryResultSchema>;
