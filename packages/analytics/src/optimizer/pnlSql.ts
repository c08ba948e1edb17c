// The merchant P&L as one statement: per merchant over complete months, billed fees
// by component, interchange, scheme fees, net revenue and net effective rate; flags (negative net
// revenue; net rate above the portfolio's 95th percentile); the distribution; the sorted, filtered page.
import type { PnlRequest, PnlSortColumn } from '@payportal/shared/optimizer';
import type { Binder } from '../compiler/dialect.ts';
import type { MerchantScope } from '../compiler/merchantScope.ts';
import { accountFeesSql, merchantMonthsCtes } from './merchantMonthsSql.ts';
import type { OptimizerPeriod } from './optimizerPeriod.ts';

const SORT: Record<PnlSortColumn, string> = {
  name: 'dba_name',
  gsv: 'gsv',
  transactionFees: 'transaction_fees',
  accountFees: 'account_fees',
  billedFees: 'billed_fees',
  interchange: 'ic',
  schemeFees: 'sf',
  netRevenue: 'net_revenue',
  netRateBps: 'net_rate',
};

export const PNL_ROW_COLUMNS = `merchant_id::double, mid, dba_name, industry_group, region, size_tier, plan_type, gsv, sales, transaction_fees,
  account_fees, billed_fees, ic, sf, net_revenue, net_rate, flag`;

const BUCKET = `case when net_rate < 0 then '< 0' when net_rate < 25 then '0–25' when net_rate < 50 then '25–50' when net_rate < 100 then '50–100'
  when net_rate < 150 then '100–150' when net_rate < 200 then '150–200' else '≥ 200' end`;

export function pnlSql(scope: MerchantScope, period: OptimizerPeriod, request: PnlRequest, binder: Binder): string {
  const search = request.search
    ? `strpos(lower(dba_name || ' ' || mid), lower(${binder.value(request.search, 'string')})) > 0`
    : 'true';
  const flag = request.flag === 'all' ? 'true' : `flag = ${binder.value(request.flag, 'string')}`;
  const direction = request.direction === 'asc' ? 'asc' : 'desc';
  const blank = 'null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null';
  return `with ${merchantMonthsCtes(scope, period, request.segment, binder)},
  per_merchant as (
    select p.merchant_id, p.mid, p.dba_name, p.industry_group, p.region, p.size_tier, p.plan_type, sum(m.gsv) as gsv, sum(m.sales) as sales,
      sum(m.fees) as transaction_fees, sum(${accountFeesSql('p.monthly_fee', 'p.pci_fee', 'p.min_discount', 'm.fees')}) as account_fees,
      sum(m.ic) as ic, sum(m.sf) as sf
    from merchant_months m join merchant_plans p using (merchant_id)
    group by all
  ), rated as (
    select *, transaction_fees + account_fees as billed_fees, transaction_fees + account_fees - ic - sf as net_revenue,
      case when gsv > 0 then (transaction_fees + account_fees - ic - sf) / gsv * 10000 end as net_rate
    from per_merchant
  ), threshold as (select quantile_cont(net_rate, 0.95) as over_bps from rated),
  pnl as materialized (
    select r.*, case when r.net_revenue < 0 then 'under' when r.net_rate > t.over_bps then 'over' end as flag, t.over_bps
    from rated r, threshold t
  )
  -- Totals in cents: a sum of doubles depends on the order DuckDB's threads add them in, and two asks of one portfolio must agree.
  select 'total' as kind, null as label, count(*)::double, round(sum(gsv), 2), round(sum(transaction_fees), 2), round(sum(account_fees), 2),
    round(sum(billed_fees), 2), round(sum(ic), 2), round(sum(sf), 2), round(sum(net_revenue), 2), count(*) filter (where flag = 'under')::double, count(*) filter (where flag = 'over')::double, any_value(over_bps),
    (select count(*) from pnl where ${flag} and ${search})::double, ${blank}
  from pnl
  union all
  select 'bucket', ${BUCKET}, count(*)::double, null, null, null, null, null, null, null, null, null, null, null, ${blank}
  from pnl where net_rate is not null group by 2
  union all
  select * from (select 'row', null, null, null, null, null, null, null, null, null, null, null, null, null, ${PNL_ROW_COLUMNS}
    from pnl where ${flag} and ${search} order by ${SORT[request.sort]} ${direction} nulls last, merchant_id limit ${binder.value(request.limit, 'integer')})`;
}
