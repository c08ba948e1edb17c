// The portfolio's residual totals of one month by hand-written DuckDB SQL, written apart from the
// engine's statements (CTEs, window functions, decimal arithmetic rounded to the cent per line), so the
// residuals tests compare two independent computations of README "Residuals".
import type { DuckDBConnection } from '@duckdb/node-api';
import type { PortfolioSummary } from '../src/residuals/residualsQuestion.ts';

export async function handWrittenResidualTotals(
  connection: DuckDBConnection,
  orgId: number,
  month: string,
): Promise<Omit<PortfolioSummary, 'month'>> {
  const M = `date '${month}'`;
  const reader = await connection.runAndReadAll(`
    with activity as (
      -- money as decimal(18,2) and counts as bigint, so every product below stays an exact decimal
      select merchant_id, sum(gsv)::decimal(18,2) as gsv, sum(billed_fees)::decimal(18,2) as fees, sum(interchange)::decimal(18,2) as ic,
        sum(scheme_fees)::decimal(18,2) as sf, sum(sales)::bigint as sales, sum(attempts)::bigint as auth
      from merchant_daily where org_id = ${orgId} and day >= ${M} and day < ${M} + interval 1 month
      group by merchant_id having sum(attempts) > 0
    ), m as (
      select a.*, me.mid, me.agent_id, n.parent_id as sub_id,
        a.fees + p.monthly_fee + p.pci_fee + greatest(0, p.min_discount - a.fees) as income
      from activity a join merchants me on me.org_id = ${orgId} and me.merchant_id = a.merchant_id
      join pricing_plans p on p.org_id = me.org_id and p.pricing_plan_id = me.pricing_plan_id
      left join portfolio_nodes n on n.org_id = me.org_id and n.node_id = me.agent_id
    ), rates as (
      select node_id, basis, rate from schedule_a where org_id = ${orgId} and effective_from <= ${M}
      qualify row_number() over (partition by node_id, fee_code order by effective_from desc) = 1
    ), owner as (
      select merchant_id, case when agent_id in (select node_id from rates) then agent_id
        when sub_id in (select node_id from rates) then sub_id end as owner_id from m
    ), cost as (
      -- each branch at scale 10: a CASE over decimals of different scales takes the narrowest that fits
      -- them all (DECIMAL(38,5) here), which rounded away the bps products' last digits (a cent at SF 1)
      select m.merchant_id, round(sum(case r.basis when 'bps_of_volume' then (m.gsv * (r.rate * 0.0001)::decimal(18,8))::decimal(38,10)
        when 'per_authorisation' then (m.auth * r.rate)::decimal(38,10) when 'per_settled_sale' then (m.sales * r.rate)::decimal(38,10)
        else r.rate::decimal(38,10) end), 2) as schedule_a
      from m join owner o using (merchant_id) join rates r on r.node_id is not distinct from o.owner_id group by m.merchant_id
    ), splits as (
      select node_id, mid, case when expires_on <= ${M} then after_expiry_pct else share_pct end as pct, basis, net_negative
      from residual_splits where org_id = ${orgId} and effective_from <= ${M}
      qualify row_number() over (partition by node_id, mid order by effective_from desc) = 1
    ), lines as (
      select m.*, c.schedule_a, m.income - m.ic - m.sf - c.schedule_a as net,
        coalesce(am, ag) as agent_split, coalesce(um, ug) as sub_split
      from m join cost c using (merchant_id)
      left join (select node_id, mid, s as am from splits s where mid is not null) x1 on x1.node_id = m.agent_id and x1.mid = m.mid
      left join (select node_id, s as ag from splits s where mid is null) x2 on x2.node_id = m.agent_id
      left join (select node_id, mid, s as um from splits s where mid is not null) x3 on x3.node_id = m.sub_id and x3.mid = m.mid
      left join (select node_id, s as ug from splits s where mid is null) x4 on x4.node_id = m.sub_id
    ), paid as (
      select *,
        case when agent_split is null or (net < 0 and agent_split.net_negative = 'zero') then 0
          else round(case agent_split.basis when 'gross' then income else net end * agent_split.pct * 0.01, 2) end as agent_pay,
        case when sub_split is null or (net < 0 and sub_split.net_negative = 'zero') then 0
          else round(case sub_split.basis when 'gross' then income else net end * sub_split.pct * 0.01, 2) end as sub_pay
      from lines
    ), adjusted as (
      select sum(case when a.kind = 'income' then amount else -amount end) filter (where n.kind = 'agent') as agents,
        sum(case when a.kind = 'income' then amount else -amount end) filter (where n.kind = 'sub_iso') as sub_isos
      from residual_adjustments a join portfolio_nodes n using (org_id, node_id) where a.org_id = ${orgId} and a.month = ${M}
    )
    select count(*)::double as merchants, sum(sales)::double as sales, sum(gsv)::double as volume, sum(income)::double as income,
      sum(ic)::double as interchange, sum(sf)::double as scheme_fees, sum(ic + sf)::double as pass_through,
      sum(schedule_a)::double as schedule_a, sum(net)::double as net, sum(agent_pay)::double as agent_pay, sum(sub_pay)::double as sub_pay,
      coalesce(any_value(agents), 0)::double as agent_adjustments, coalesce(any_value(sub_isos), 0)::double as sub_iso_adjustments,
      (sum(net) - sum(agent_pay) - sum(sub_pay) - coalesce(any_value(agents), 0) - coalesce(any_value(sub_isos), 0))::double as house
    from paid, adjusted`);
  const row = reader.getRowObjectsJS()[0] as Record<string, number>;
  return {
    merchants: row.merchants!,
    sales: row.sales!,
    volume: row.volume!,
    income: row.income!,
    interchange: row.interchange!,
    schemeFees: row.scheme_fees!,
    passThrough: row.pass_through!,
    scheduleA: row.schedule_a!,
    net: row.net!,
    payouts: { agents: row.agent_pay!, subIsos: row.sub_pay! },
    adjustments: { agents: row.agent_adjustments!, subIsos: row.sub_iso_adjustments! },
    house: row.house!,
  };
}
