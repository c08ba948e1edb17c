// The base every P&L and simulation stands on: per merchant and complete month, the sums of the
// merchant_daily rollup (exact sums of its transactions, rollupEquivalence.test.ts) beside the
// merchant's plan and attributes. Thousands of rows, not millions: the rest is arithmetic on them.
// A month counts when the merchant made an authorisation attempt in it, approved or declined.
import type { Segment } from '@payportal/shared/optimizer';
import type { Binder } from '../compiler/dialect.ts';
import { boundMerchantScopeSql, type MerchantScope } from '../compiler/merchantScope.ts';
import type { OptimizerPeriod } from './optimizerPeriod.ts';
import { segmentCondition } from './segmentSql.ts';

/** CTEs `merchant_plans` (the scope's merchants of the segment) and `merchant_months` (with base account fees per month). */
export function merchantMonthsCtes(
  scope: MerchantScope,
  period: OptimizerPeriod,
  segment: Segment,
  binder: Binder,
): string {
  const org = binder.value(scope.orgId, 'integer');
  return `merchant_plans as (
    select d.merchant_id, d.mid, d.dba_name, d.industry_group, d.region, d.size_tier, d.pricing_plan_type as plan_type,
      p.markup_bps, p.per_item::double as per_item, p.monthly_fee::double as monthly_fee, p.pci_fee::double as pci_fee,
      p.min_discount::double as min_discount
    from merchant_dim d
    join merchants m on m.org_id = d.org_id and m.merchant_id = d.merchant_id
    join pricing_plans p on p.org_id = m.org_id and p.pricing_plan_id = m.pricing_plan_id
    where ${boundMerchantScopeSql(scope, binder, 'd')} and ${segmentCondition(segment, binder, 'd')}
  ), merchant_months as (
    select r.merchant_id, date_trunc('month', r.day) as month, sum(r.sales)::double as sales, sum(r.gsv)::double as gsv,
      sum(r.interchange)::double as ic, sum(r.scheme_fees)::double as sf, sum(r.billed_fees)::double as fees
    from merchant_daily r
    where r.org_id = ${org} and r.day >= ${binder.value(period.from, 'date')} and r.day < ${binder.value(period.to, 'date')}
      and r.merchant_id in (select merchant_id from merchant_plans)
    group by r.merchant_id, month
    -- a month the merchant processed in: any authorisation attempt (a declined one pays scheme fees too)
    having sum(r.attempts) > 0
  )`;
}

/** The account fees of one active month under a plan: monthly + PCI + the minimum-discount shortfall. */
export const accountFeesSql = (monthly: string, pci: string, minimum: string, fees: string) =>
  `(${monthly} + ${pci} + greatest(0, ${minimum} - ${fees}))`;
