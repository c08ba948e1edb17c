// A simulator answer for component tests: ten merchants, four of them changed, the given net over the
// twelve months of 1 Oct 2025 – 30 Sep 2026.
import type { SimulationResult } from '@payportal/shared/optimizer';

export const simulationResult = (net: number): SimulationResult => ({
  period: ['2025-10-01', '2026-09-30'],
  merchants: 10,
  affected: 4,
  gsv: 1_000_000,
  baseRevenue: 20_000,
  waterfall: { grossUplift: net + 100, attritionLoss: 100, net },
  distribution: (['≤ 0', '0–5', '5–10', '10–25', '25–50', '50–100', '> 100'] as const).map((bucket) => ({
    bucket,
    merchants: 0,
    gsv: 0,
  })),
  overTolerance: { count: 0, merchants: [] },
});
