// The residual inputs (generator version 6): the ISO's Schedule A buy rates (`schedule_a`), its partners'
// splits (`residual_splits`) and one-off adjustments (`residual_adjustments`), from the portfolio
// hierarchy and the merchants. Every draw comes from ctx.residualsSeed (RESIDUALS_STREAM), so adding
// them moved no other table's values. The rules are in GENERATOR.md ("Residual inputs").
import type { DuckDBConnection } from '@duckdb/node-api';
import type { GenerationContext } from './generationContext.ts';
import { uniform, type Salt } from './random.ts';

/** Share of sub-ISOs with a Schedule A of their own (the others and every agent use the house's). */
export const OWN_SCHEDULE_SHARE = 0.5;
/** The house's schedule changes once, this many months after the first month (the processor repriced). */
export const HOUSE_REPRICING_MONTHS = 6;
/** Shares of agents' splits: on gross income, passing negative nets on, expiring into a lower share. */
export const GROSS_SHARE = 0.05;
export const PASS_SHARE = 0.3;
export const EXPIRING_SHARE = 0.2;
/** Share of booked merchants with a split of their own for their agent. */
export const MERCHANT_SPLIT_SHARE = 0.03;
/** Chance of one adjustment per agent and month. */
export const ADJUSTMENT_SHARE = 0.1;

export async function generateResiduals(connection: DuckDBConnection, ctx: GenerationContext): Promise<void> {
  const org = ctx.orgId;
  const u = (key: string, salt: Salt) => uniform(key, salt, ctx.residualsSeed);
  const first = `date_trunc('month', date '${ctx.windowStart}')::date`;
  const inMonths = (months: string) => `(${first} + to_months((${months})::integer))::date`;
  const nodes = (kind: string) => `portfolio_nodes where org_id = ${org} and kind = '${kind}'`;
  // Rates on the issue's grid: 1–3 bps by quarters, $0.030–0.060 per authorisation by tenths of a cent,
  // $0.01 per settled sale, $2.50–5.00 per merchant and month by quarters.
  await connection.run(`insert into schedule_a (org_id, node_id, fee_code, basis, rate, effective_from, upload_id)
    with owners as (
      select null::bigint as node_id, 0::bigint as k, v from range(1, 3) t(v)
      union all
      select node_id, node_id, 1 from ${nodes('sub_iso')} and ${u('node_id', 'scheduleOwn')} < ${OWN_SCHEDULE_SHARE}
    )
    select ${org}, node_id, fee_code, basis, rate::decimal(18,4), ${inMonths(`(v - 1) * ${HOUSE_REPRICING_MONTHS}`)}, null
    from (
      select node_id, v, 'bin_sponsorship' as fee_code, 'bps_of_volume' as basis, 1 + floor(${u('k, v', 'scheduleBps')} * 9) / 4 as rate from owners
      union all
      select node_id, v, 'authorisation', 'per_authorisation', 0.03 + floor(${u('k, v', 'scheduleAuth')} * 31) / 1000 from owners
      union all
      select node_id, v, 'settlement', 'per_settled_sale', 0.01 from owners
      union all
      select node_id, v, 'merchant_account', 'per_merchant_month', 2.5 + floor(${u('k, v', 'scheduleMonthly')} * 11) / 4 from owners
    )`);
  // Agents 40–70 % (whole percentages), sub-ISOs' override 5–15 %: a chain never passes 85 %.
  await connection.run(`insert into residual_splits (org_id, node_id, mid, share_pct, basis, net_negative, effective_from,
      expires_on, after_expiry_pct, upload_id)
    select ${org}, node_id, null, share, basis, net_negative, ${first}, expires_on,
      case when expires_on is not null then 40 + floor(${u('node_id', 'splitAfter')} * (share - 40)) end, null
    from (
      select node_id, 40 + floor(${u('node_id', 'splitShare')} * 31) as share,
        case when ${u('node_id', 'splitGross')} < ${GROSS_SHARE} then 'gross' else 'net' end as basis,
        case when ${u('node_id', 'splitPass')} < ${PASS_SHARE} then 'pass' else 'zero' end as net_negative,
        case when ${u('node_id', 'splitExpires')} < ${EXPIRING_SHARE} then ${inMonths(`4 + floor(${u('node_id', 'splitExpiresOn')} * 6)`)} end as expires_on
      from ${nodes('agent')}
    )
    union all
    select ${org}, node_id, null, 5 + floor(${u('node_id', 'splitShare')} * 11), 'net', 'zero', ${first}, null, null, null
    from ${nodes('sub_iso')}
    union all
    select ${org}, agent_id, mid, 40 + floor(${u('merchant_id', 'splitShare')} * 31), 'net', 'zero', ${first}, null, null, null
    from merchants where org_id = ${org} and agent_id is not null and ${u('merchant_id', 'splitMerchant')} < ${MERCHANT_SPLIT_SHARE}`);
  await connection.run(`insert into residual_adjustments (org_id, month, node_id, mid, kind, amount, memo, upload_id)
    select ${org}, month, node_id, null, case when income then 'income' else 'expense' end,
      round(25 + ${u('node_id, month', 'adjustmentAmount')} * 225, 2)::decimal(18,2),
      case when income then 'Activation bonus' else 'Terminal lease' end, null
    from (
      select node_id, month, ${u('node_id, month', 'adjustmentKind')} < 0.4 as income
      from (select range::date as month from range(${first}, date '${ctx.windowEnd}', interval 1 month)) m, ${nodes('agent')}
        and ${u('node_id, month', 'adjustment')} < ${ADJUSTMENT_SHARE}
    )`);
}
