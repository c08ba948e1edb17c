// Interchange leakage (issue #17 item 3): per downgraded sale, actual − target interchange with its root
// cause read from the sale's own columns; merchants ranked by what they could recover a month. The
// synthetic data records no authorised amount or Level 2/3 data, so "auth ≠ settle" and "a cheaper
// programme the MCC qualifies for" cannot be told apart here (OPTIMIZER.md).
import type { Binder } from '../compiler/dialect.ts';
import type { OptimizerPeriod } from './optimizerPeriod.ts';

const LEAKAGE_CAUSE_SQL = `case when settle_delay_days >= 2 then 'late_settlement'
  when avs_result = 'not_requested' and entry_mode in ('keyed', 'ecom', 'recurring') then 'missing_avs'
  when card_tier = 'commercial' then 'commercial_without_level_data' else 'other' end`;

export function leakageSql(orgId: number, period: OptimizerPeriod, months: number, topMerchants: number, binder: Binder): string {
  const org = binder.value(orgId, 'integer');
  return `with downgraded as (
    select merchant_id, ${LEAKAGE_CAUSE_SQL} as cause, (interchange_fee - target_interchange_fee)::double as leak
    from transactions
    where org_id = ${org} and txn_date >= ${binder.value(period.from, 'date')} and txn_date < ${binder.value(period.to, 'date')}
      and is_downgraded and auth_result = 'approved' and not is_refund
  ), by_cause as materialized (
    select merchant_id, cause, sum(leak) as leak, count(*)::double as sales from downgraded group by all
  ), by_merchant as (
    select merchant_id, sum(leak) as leak, sum(sales) as sales, arg_max(cause, leak) as main_cause,
      case when sum(leak) > 0 then max(leak) / sum(leak) else 0 end as share
    from by_cause group by merchant_id
  )
  -- Money in cents: sums of doubles depend on the order DuckDB's threads add them in, and two asks must agree.
  select 'cause' as kind, cause, round(sum(leak), 2), sum(sales), null, null, null, null from by_cause group by cause
  union all
  select * from (select 'merchant', b.main_cause, round(b.leak / ${binder.value(months, 'number')}, 2), b.sales, b.share, b.merchant_id::double, d.mid, d.dba_name
    from by_merchant b join merchant_dim d on d.org_id = ${org} and d.merchant_id = b.merchant_id
    where b.leak > 0 order by b.leak desc, b.merchant_id limit ${topMerchants})`;
}
