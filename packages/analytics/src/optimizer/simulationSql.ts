// The repricing simulator as set-based SQL. Per merchant-month: the new transaction
// fees (markup on GSV, per-item on sales, or IC++ pass-through for a moved plan) and account fees
// (monthly, PCI, minimum shortfall); per merchant: the uplift over the 12 months (capped), the rise of its
// effective rate, and its hazard before and after from the attrition table. OPTIMIZER.md has the formulas.
import type { ScenarioDefinition } from '@payportal/shared/optimizer';
import type { Binder } from '../compiler/dialect.ts';
import type { MerchantScope } from '../compiler/merchantScope.ts';
import { accountFeesSql, merchantMonthsCtes } from './merchantMonthsSql.ts';
import type { OptimizerPeriod } from './optimizerPeriod.ts';

export function simulationCtes(
  scope: MerchantScope,
  period: OptimizerPeriod,
  definition: ScenarioDefinition,
  binder: Binder,
): string {
  const { actions } = definition;
  const num = (value: number) => binder.value(value, 'number');
  const move = actions.moveToIcPlusPlus;
  const newFees =
    `(${move ? `case when p.plan_type <> 'ic_plus_plus' then m.ic + m.sf + m.gsv * ${num(move.markupBps)} / 10000 + m.sales * ${num(move.perItem)} else m.fees end` : 'm.fees'}` +
    ` + m.gsv * ${num(actions.markupBps)} / 10000 + m.sales * ${num(actions.perItem)})`;
  const newMinimum =
    actions.minimumDiscount === null ? 'p.min_discount' : `greatest(p.min_discount, ${num(actions.minimumDiscount)})`;
  const attritionRows = definition.attrition
    .map((row) => `(${binder.value(row.sizeTier, 'string')}, ${num(row.baseHazard)}, ${num(row.beta)})`)
    .join(', ');
  const cap = actions.capBps === null ? null : num(actions.capBps);
  return `with ${merchantMonthsCtes(scope, period, definition.segment, binder)},
  priced as (
    select m.merchant_id, m.gsv, m.ic, m.sf, m.fees + ${accountFeesSql('p.monthly_fee', 'p.pci_fee', 'p.min_discount', 'm.fees')} as billed_before,
      ${newFees} + ${accountFeesSql(`p.monthly_fee + ${num(actions.monthlyFee)}`, `p.pci_fee + ${num(actions.pciFee)}`, newMinimum, newFees)} as billed_after
    from merchant_months m join merchant_plans p using (merchant_id)
  ), per_merchant as (
    select merchant_id, sum(gsv) as gsv, sum(billed_before) - sum(ic) - sum(sf) as base_net, sum(billed_after) - sum(billed_before) as raw_uplift
    from priced group by merchant_id
  ), capped as (
    select *, ${cap === null ? 'raw_uplift' : `case when gsv > 0 then least(raw_uplift, gsv * ${cap} / 10000) else raw_uplift end`} as uplift
    from per_merchant
  ), attrition(size_tier, base_hazard, beta) as (values ${attritionRows}),
  -- An uplift under half a cent is float dust (a merchant on its minimum before and after): no change.
  sim as materialized (
    select c.merchant_id, p.mid, p.dba_name, p.size_tier, p.plan_type, c.gsv, c.base_net, c.uplift,
      case when c.gsv > 0 and abs(c.uplift) >= 0.005 then c.uplift / c.gsv * 10000 else 0 end as rate_change,
      a.base_hazard as h0,
      least(1, a.base_hazard + a.beta * greatest(0, case when c.gsv > 0 and abs(c.uplift) >= 0.005 then c.uplift / c.gsv * 10000 else 0 end)) as h1
    from capped c join merchant_plans p using (merchant_id) join attrition a on a.size_tier = p.size_tier
  )`;
}

const BUCKET = `case when rate_change <= 0 then '≤ 0' when rate_change < 5 then '0–5' when rate_change < 10 then '5–10'
  when rate_change < 25 then '10–25' when rate_change < 50 then '25–50' when rate_change <= 100 then '50–100' else '> 100' end`;

/** Merchant columns in the order of AffectedMerchant, for the list and the CSV. */
export const MERCHANT_COLUMNS = `merchant_id::double, mid, dba_name, size_tier, plan_type, gsv, base_net, uplift, rate_change, h0, h1`;

/** One statement, three kinds of rows: the total, the distribution buckets, the top merchants over the tolerance. */
export function simulationSummarySql(ctes: string, tolerance: string, topMerchants: number): string {
  const blank = `null, null, null, null, null, null, null, null, null, null, null`;
  return `${ctes}
  -- Summed in merchant order: a sum of doubles depends on the order it adds in, and two asks must agree to the last digit.
  select 'total' as kind, null as label, count(*)::double, sum(gsv order by merchant_id), sum(base_net order by merchant_id), count(*) filter (where abs(uplift) >= 0.005)::double,
    count(*) filter (where rate_change > ${tolerance})::double, sum(uplift * (1 - h0 / 2) order by merchant_id), sum((base_net + uplift) * (h1 - h0) / 2 order by merchant_id), ${blank}
  from sim
  union all
  select 'bucket', ${BUCKET}, count(*)::double, sum(gsv order by merchant_id), null, null, null, null, null, ${blank} from sim group by 2
  union all
  select * from (select 'over', null, null, null, null, null, null, null, null, ${MERCHANT_COLUMNS} from sim
    where rate_change > ${tolerance} order by round(rate_change, 6) desc, merchant_id limit ${topMerchants})`;
}

/** Every merchant whose bill the scenario changes, largest uplift first (uplifts equal to 1e-6, float dust apart, by merchant). */
export function affectedMerchantsSql(ctes: string): string {
  return `${ctes} select ${MERCHANT_COLUMNS} from sim where abs(uplift) >= 0.005 order by round(uplift, 6) desc, merchant_id`;
}
