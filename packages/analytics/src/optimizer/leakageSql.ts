// Interchange leakage: per sale billed at another programme than its target, actual −
// target interchange with its root cause read from the sale's own columns and the reference tables;
// merchants ranked by what they could recover a month. Causes in OPTIMIZER.md, first match wins.
import type { Binder } from '../compiler/dialect.ts';
import { boundMerchantScopeSql, type MerchantScope } from '../compiler/merchantScope.ts';
import type { OptimizerPeriod } from './optimizerPeriod.ts';

// A tip MCC lets the settled amount exceed the authorised one by its tolerance (industries.tip_tolerance);
// any other difference downgrades. The cheaper programme: the target is restricted to the merchant's MCC
// (interchange_program_mccs) and the sale went to an undowngraded programme instead. Commercial: the sale
// carried no Level 2/3 data (transactions.level3_data), so it was billed at the non-data rate.
const LEAKAGE_CAUSE_SQL = `case when t.settle_delay_days >= 2 then 'late_settlement'
  when t.avs_result = 'not_requested' and t.entry_mode in ('keyed', 'ecom', 'recurring') then 'missing_avs'
  when t.auth_amount <> t.amount and not (t.amount >= t.auth_amount and t.amount <= t.auth_amount * (1 + i.tip_tolerance)) then 'auth_settle_mismatch'
  when t.card_tier = 'commercial' and t.level3_data is not true then 'commercial_without_level_data'
  when not t.is_downgraded and e.program_id is not null then 'cheaper_program' else 'other' end`;

export function leakageSql(
  scope: MerchantScope,
  period: OptimizerPeriod,
  months: number,
  topMerchants: number,
  binder: Binder,
): string {
  const org = binder.value(scope.orgId, 'integer');
  return `with leaking as (
    select t.merchant_id, ${LEAKAGE_CAUSE_SQL} as cause, t.interchange_fee - t.target_interchange_fee as leak
    from transactions t
    join merchant_dim d on d.org_id = t.org_id and d.merchant_id = t.merchant_id
    join industries i on i.mcc = d.mcc
    left join interchange_program_mccs e on e.program_id = t.target_program_id and e.mcc = d.mcc
    where t.org_id = ${org} and t.txn_date >= ${binder.value(period.from, 'date')} and t.txn_date < ${binder.value(period.to, 'date')}
      and ${boundMerchantScopeSql(scope, binder, 'd')}
      and t.interchange_program_id <> t.target_program_id and t.auth_result = 'approved' and not t.is_refund
  ), by_cause as materialized (
    -- each merchant's leak by cause summed exactly (decimals), so no order of adding changes a cent
    select merchant_id, cause, sum(leak) as exact_leak, sum(leak)::double as leak, count(*)::double as sales from leaking group by all
  ), by_merchant as (
    -- the merchant's leak summed exactly too: a sum of its causes' doubles depends on the order they come in
    select merchant_id, sum(exact_leak)::double as leak, sum(sales) as sales, arg_max(cause, leak) as main_cause,
      case when sum(exact_leak) > 0 then max(leak) / sum(exact_leak)::double else 0 end as share
    from by_cause group by merchant_id
  )
  -- Money in cents: sums of doubles depend on the order DuckDB's threads add them in, and two asks must agree.
  select 'cause' as kind, cause, round(sum(leak), 2), sum(sales), null, null, null, null from by_cause group by cause
  union all
  select * from (select 'merchant', b.main_cause, round(b.leak / ${binder.value(months, 'number')}, 2), b.sales, b.share, b.merchant_id::double, d.mid, d.dba_name
    from by_merchant b join merchant_dim d on d.org_id = ${org} and d.merchant_id = b.merchant_id
    where b.leak > 0 order by b.leak desc, b.merchant_id limit ${topMerchants})`;
}
