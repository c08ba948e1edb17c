// The twelve dashboard questions bench:analytics times, each as the query description the app sends
// and as the DuckDB SQL a person would write for it by hand. The hand-written SQL reads the table the
// API answers from (merchant_daily when the rollup holds every column asked for, the raw facts
// otherwise) and joins only the merchant tables it needs, so "API ÷ hand" is the price of the whole
// stack: HTTP, token, validation, the compiler's generic SQL. Its answer must equal the engine's:
// the benchmark checks it before trusting any timing.
import { queryDescriptionSchema, type QueryDescription, type QueryDescriptionInput } from '@payportal/shared';

export interface BenchQuery {
  name: string;
  /** What the app would POST (before validation) and what the engine is called with (after). */
  input: QueryDescriptionInput;
  description: QueryDescription;
  /** False when the question needs card-level columns the rollup does not keep. */
  rollup: boolean;
  /** The hand-written DuckDB SQL. */
  sql: string;
}

const month = `strftime(date_trunc('month', day), '%Y-%m-%d')`;
const between = ([from, to]: readonly [string, string]) => `between date '${from}' and date '${to}'`;
/** merchant_daily joined to the merchant's own row, the usual start of a rollup question. */
const dailyByMerchant = 'merchant_daily d join merchants m using (org_id, merchant_id)';

/** The twelve questions for one organisation; windows count back from today (UTC), as the app's presets do. */
export function benchQueries(orgId: number, today: string): BenchQuery[] {
  const daysBefore = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const last30Days = [daysBefore(29), today] as const;
  const last90Days = [daysBefore(89), today] as const;
  const queries: Omit<BenchQuery, 'description'>[] = [
    {
      name: 'GSV by month',
      input: { measures: ['gsv'], timeDimension: { dimension: 'date', granularity: 'month' } },
      rollup: true,
      sql: `select ${month} as date, sum(gsv) as gsv from merchant_daily where org_id = ${orgId} group by all order by date`,
    },
    {
      name: 'approval rate by channel by month',
      input: { measures: ['approval_rate'], dimensions: ['channel'], timeDimension: { dimension: 'date', granularity: 'month' } },
      rollup: true,
      sql: `select ${month} as date, if(card_present, 'cp', 'cnp') as channel, sum(approved) / sum(attempts) as approval_rate
        from merchant_daily where org_id = ${orgId} group by all order by date, channel`,
    },
    {
      name: 'top 50 merchants by GSV (90 days)',
      input: {
        measures: ['gsv'],
        dimensions: ['merchant', 'merchant_name'],
        timeDimension: { dimension: 'date', dateRange: [...last90Days] },
        order: [{ member: 'gsv', direction: 'desc' }],
        limit: 50,
      },
      rollup: true,
      sql: `select m.mid as merchant, m.dba_name as merchant_name, sum(d.gsv) as gsv from ${dailyByMerchant}
        where org_id = ${orgId} and d.day ${between(last90Days)} group by all order by gsv desc, merchant limit 50`,
    },
    {
      name: 'chargeback ratio by industry group',
      input: { measures: ['chargeback_ratio'], dimensions: ['industry_group'] },
      rollup: true,
      sql: `select g.name as industry_group, sum(d.chargebacks) / sum(d.sales) as chargeback_ratio from ${dailyByMerchant}
        join industries i on i.mcc = m.mcc join industry_groups g using (industry_group_id)
        where org_id = ${orgId} group by all order by chargeback_ratio desc`,
    },
    {
      name: 'VAMP ratio by merchant (top 100)',
      input: { measures: ['vamp_ratio'], dimensions: ['merchant'], order: [{ member: 'vamp_ratio', direction: 'desc' }], limit: 100 },
      rollup: true,
      sql: `select m.mid as merchant, (sum(d.visa_cnp_fraud) + sum(d.visa_cnp_disputes)) / nullif(sum(d.visa_cnp_sales), 0) as vamp_ratio
        from ${dailyByMerchant} where org_id = ${orgId} group by all order by vamp_ratio desc nulls last, merchant limit 100`,
    },
    {
      name: 'net effective rate by plan × size tier',
      input: { measures: ['net_effective_rate_bps'], dimensions: ['pricing_plan_type', 'size_tier'] },
      rollup: true,
      sql: `select p.plan_type as pricing_plan_type, m.size_tier, sum(d.net_revenue) / sum(d.gsv) * 10000 as net_effective_rate_bps
        from ${dailyByMerchant} join pricing_plans p on p.org_id = m.org_id and p.pricing_plan_id = m.pricing_plan_id
        where org_id = ${orgId} group by all order by all`,
    },
    {
      name: 'declines by code (30 days)',
      input: {
        measures: ['declines'],
        dimensions: ['decline_code'],
        timeDimension: { dimension: 'date', dateRange: [...last30Days] },
        filters: [{ member: 'decline_code', operator: 'set' }],
      },
      rollup: false,
      sql: `select decline_code, count(*) as declines from transactions
        where org_id = ${orgId} and txn_date ${between(last30Days)} and auth_result = 'declined' group by all order by declines desc`,
    },
    {
      name: 'GSV by state × month',
      input: { measures: ['gsv'], dimensions: ['state'], timeDimension: { dimension: 'date', granularity: 'month' } },
      rollup: true,
      sql: `select ${month} as date, m.state_code as state, sum(d.gsv) as gsv from ${dailyByMerchant}
        where org_id = ${orgId} group by all order by all`,
    },
    {
      name: 'average ticket by MCC',
      input: { measures: ['avg_ticket'], dimensions: ['industry'] },
      rollup: true,
      sql: `select m.mcc as industry, sum(d.gsv) / sum(d.approved) as avg_ticket from ${dailyByMerchant}
        where org_id = ${orgId} group by all order by avg_ticket desc`,
    },
    {
      name: 'net revenue by card tier',
      input: { measures: ['net_revenue'], dimensions: ['card_tier'] },
      rollup: false,
      sql: `select card_tier, sum(net_revenue) as net_revenue from transactions where org_id = ${orgId} group by all order by net_revenue desc`,
    },
    {
      name: 'downgrade leakage by merchant (90 days, top 100)',
      input: {
        measures: ['downgrade_leakage'],
        dimensions: ['merchant'],
        timeDimension: { dimension: 'date', dateRange: [...last90Days] },
        order: [{ member: 'downgrade_leakage', direction: 'desc' }],
        limit: 100,
      },
      rollup: true,
      sql: `select m.mid as merchant, sum(d.downgrade_leakage) as downgrade_leakage from ${dailyByMerchant}
        where org_id = ${orgId} and d.day ${between(last90Days)} group by all order by downgrade_leakage desc, merchant limit 100`,
    },
    {
      name: 'refunds by industry',
      input: { measures: ['refunds', 'refund_rate'], dimensions: ['industry'] },
      rollup: true,
      sql: `select m.mcc as industry, sum(d.refunds) as refunds, sum(d.refunds) / sum(d.sales) as refund_rate from ${dailyByMerchant}
        where org_id = ${orgId} group by all order by refunds desc`,
    },
  ];
  return queries.map((query) => ({ ...query, description: queryDescriptionSchema.parse(query.input) }));
}
