// Each measure of the catalogue as arithmetic over summed parts (catalogue/parts.ts), or, for
// attrition, over merchant counts per period. Ratios divide doubles and are null on a zero base.
import type { MeasureId } from '@payportal/shared/analytics';
import type { DisputePartId } from '../catalogue/disputeParts.ts';
import type { PartId } from '../catalogue/parts.ts';

export type MerchantPartId = 'merchants_closed' | 'merchants_exposed';

/** A part summed from the facts: the rollup's PARTS, or the raw-only dispute parts. */
export type FactPartId = PartId | DisputePartId;

export interface MeasureSql {
  parts: readonly (FactPartId | MerchantPartId)[];
  /**
   * Builds the expression from `part(id)` (a summed part as a double), `ratio(a, b)` and `base(id)`, the
   * part as a ratio's denominator (catalogue WHOLE_SCOPE_DENOMINATORS may count more rows there).
   */
  build(
    part: (id: FactPartId | MerchantPartId) => string,
    ratio: (numerator: string, denominator: string) => string,
    base: (id: FactPartId | MerchantPartId) => string,
  ): string;
}

const total = (id: FactPartId): MeasureSql => ({ parts: [id], build: (part) => part(id) });
const share = (numerator: readonly FactPartId[], denominator: FactPartId, scale = 1): MeasureSql => ({
  parts: [...numerator, denominator],
  build: (part, ratio, base) => {
    const value = ratio(numerator.map(part).join(' + '), base(denominator));
    return scale === 1 ? value : `${value} * ${scale}`;
  },
});

export const MEASURE_SQL = {
  gsv: total('gsv'),
  transactions: total('approved'),
  avg_ticket: share(['gsv'], 'approved'),
  authorisations: total('attempts'),
  approval_rate: share(['approved'], 'attempts'),
  declines: {
    parts: ['declined_soft', 'declined_hard'],
    build: (part) => `${part('declined_soft')} + ${part('declined_hard')}`,
  },
  decline_rate: share(['declined_soft', 'declined_hard'], 'attempts'),
  soft_decline_rate: share(['declined_soft'], 'attempts'),
  hard_decline_rate: share(['declined_hard'], 'attempts'),
  refunds: total('refunds'),
  refund_rate: share(['refunds'], 'sales'),
  chargebacks: total('chargebacks'),
  chargeback_amount: total('chargeback_amount'),
  chargeback_ratio: share(['chargebacks'], 'sales'),
  chargeback_win_rate: share(['chargebacks_won'], 'chargebacks_decided'),
  vamp_ratio: share(['visa_cnp_fraud', 'visa_cnp_disputes'], 'visa_cnp_sales'),
  chargeback_ratio_cohort: share(['cohort_chargebacks'], 'sales'),
  vamp_ratio_cohort: share(['visa_cnp_fraud', 'cohort_visa_cnp_disputes'], 'visa_cnp_sales'),
  fraud_bps: share(['fraud_amount'], 'gsv', 10_000),
  interchange: total('interchange'),
  scheme_fees: total('scheme_fees'),
  billed_fees: total('billed_fees'),
  net_revenue: total('net_revenue'),
  net_effective_rate_bps: share(['net_revenue'], 'gsv', 10_000),
  downgrade_rate: share(['downgraded'], 'credit_sales'),
  downgrade_leakage: total('downgrade_leakage'),
  disputes_open: total('disputes_open'),
  disputes_due_3d: total('disputes_due_3d'),
  disputes_overdue: total('disputes_overdue'),
  dispute_challenge_rate: share(['disputes_represented'], 'disputes_received'),
  dispute_win_rate_fought: share(['disputes_fought_won'], 'disputes_fought'),
  dispute_recovery_rate: share(['disputes_amount_won'], 'disputes_amount'),
  attrition: {
    parts: ['merchants_closed', 'merchants_exposed'],
    build: (part, ratio) => ratio(part('merchants_closed'), part('merchants_exposed')),
  },
} as const satisfies Record<MeasureId, MeasureSql>;
