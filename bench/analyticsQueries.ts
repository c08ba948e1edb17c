// The twelve dashboard questions bench:analytics times, each as the query description the app sends
// and as DuckDB SQL a person would write for it by hand: once on the raw facts (transactions,
// chargebacks, joined to the merchant tables it needs) and, when the merchant_daily rollup holds the
// question, once on the rollup. None of it comes from the compiler: it is the baseline the compiler's
// generic SQL (one shape for every question, merchant attributes through the merchant_dim view) and
// the API around it are measured against. Every hand-written answer must equal the engine's: the
// benchmark compares them before trusting any timing.
import { queryDescriptionSchema, type QueryDescription, type QueryDescriptionInput } from '@payportal/shared/analytics';

export interface BenchQuery {
  name: string;
  /** What the app would POST (before validation) and what the engine is called with (after). */
  input: QueryDescriptionInput;
  description: QueryDescription;
  /** The hand-written DuckDB SQL on the raw facts and, when the rollup holds the question, on merchant_daily. */
  hand: { raw: string; rollup?: string };
}

/** Where the API answers from: the rollup whenever it holds every member of the question (rollup: 'auto'). */
export const apiSource = (query: BenchQuery): 'rollup' | 'raw' => (query.hand.rollup === undefined ? 'raw' : 'rollup');

/** Group by the month itself and format it once per group (formatting every row first costs more than the sum). */
const month = (column: string) => `date_trunc('month', ${column})`;
const monthText = (column: string) => `strftime(${month(column)}, '%Y-%m-%d')`;
const between = ([from, to]: readonly [string, string]) => `between date '${from}' and date '${to}'`;
/** merchant_daily joined to the merchant's own row, the usual start of a rollup question. */
const dailyByMerchant = 'merchant_daily d join merchants m using (org_id, merchant_id)';
/** transactions joined to the merchant's own row. */
const salesByMerchant = 'transactions t join merchants m using (org_id, merchant_id)';

/** The twelve questions for one organisation; windows count back from today (UTC), as the app's presets do. */
export function benchQueries(orgId: number, today: string): BenchQuery[] {
  const daysBefore = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const last30Days = [daysBefore(29), today] as const;
  const last90Days = [daysBefore(89), today] as const;
  // GSV and the sales count are over settled sales: approved, not a refund, settled.
  const queries: Omit<BenchQuery, 'description'>[] = [
    {
      name: 'GSV by month',
      input: { measures: ['gsv'], timeDimension: { dimension: 'date', granularity: 'month' } },
      hand: {
        raw: `select ${monthText('txn_date')} as date, sum(amount) as gsv from transactions
          where org_id = ${orgId} and auth_result = 'approved' and not is_refund and settled group by ${month('txn_date')} order by date`,
        rollup: `select ${monthText('day')} as date, sum(gsv) as gsv from merchant_daily where org_id = ${orgId} group by ${month('day')} order by date`,
      },
    },
    {
      name: 'approval rate by channel by month',
      input: {
        measures: ['approval_rate'],
        dimensions: ['channel'],
        timeDimension: { dimension: 'date', granularity: 'month' },
      },
      hand: {
        raw: `select ${monthText('txn_date')} as date, if(card_present, 'cp', 'cnp') as channel,
            count(*) filter (where auth_result = 'approved') / count(*) as approval_rate
          from transactions where org_id = ${orgId} and not is_refund group by ${month('txn_date')}, card_present order by date, channel`,
        rollup: `select ${monthText('day')} as date, if(card_present, 'cp', 'cnp') as channel, sum(approved) / sum(attempts) as approval_rate
          from merchant_daily where org_id = ${orgId} group by ${month('day')}, card_present order by date, channel`,
      },
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
      hand: {
        raw: `select m.mid as merchant, m.dba_name as merchant_name, sum(t.amount) as gsv from ${salesByMerchant}
          where org_id = ${orgId} and t.txn_date ${between(last90Days)} and t.auth_result = 'approved' and not t.is_refund and t.settled
          group by all order by gsv desc, merchant limit 50`,
        rollup: `select m.mid as merchant, m.dba_name as merchant_name, sum(d.gsv) as gsv from ${dailyByMerchant}
          where org_id = ${orgId} and d.day ${between(last90Days)} group by all order by gsv desc, merchant limit 50`,
      },
    },
    {
      name: 'chargeback ratio by industry group',
      input: { measures: ['chargeback_ratio'], dimensions: ['industry_group'] },
      hand: {
        // Chargebacks and sales come from different facts: count each per group, then divide.
        raw: `with groups as (
            select m.merchant_id, g.name from merchants m join industries i using (mcc) join industry_groups g using (industry_group_id)
            where m.org_id = ${orgId}
          ), sales as (
            select g.name, count(*) as sales from transactions t join groups g using (merchant_id)
            where t.org_id = ${orgId} and t.auth_result = 'approved' and not t.is_refund and t.settled group by all
          ), disputed as (
            select g.name, count(*) as chargebacks from chargebacks c join groups g using (merchant_id) where c.org_id = ${orgId} group by all
          )
          select name as industry_group, coalesce(chargebacks, 0) / sales as chargeback_ratio
          from sales left join disputed using (name) order by chargeback_ratio desc`,
        rollup: `select g.name as industry_group, sum(d.chargebacks) / sum(d.sales) as chargeback_ratio from ${dailyByMerchant}
          join industries i on i.mcc = m.mcc join industry_groups g using (industry_group_id)
          where org_id = ${orgId} group by all order by chargeback_ratio desc`,
      },
    },
    {
      name: 'VAMP ratio by merchant (top 100)',
      input: {
        measures: ['vamp_ratio'],
        dimensions: ['merchant'],
        order: [{ member: 'vamp_ratio', direction: 'desc' }],
        limit: 100,
      },
      hand: {
        // Visa card-not-present only: (fraud reports + disputes) ÷ settled sales.
        raw: `with sold as (
            select merchant_id, count(*) filter (where is_fraud_reported) as fraud,
              count(*) filter (where auth_result = 'approved' and not is_refund and settled) as sales
            from transactions where org_id = ${orgId} and card_brand = 'visa' and not card_present group by merchant_id
          ), disputed as (
            select merchant_id, count(*) as disputes from chargebacks
            where org_id = ${orgId} and network = 'visa' and not card_present group by merchant_id
          )
          select m.mid as merchant, (s.fraud + coalesce(d.disputes, 0)) / nullif(s.sales, 0) as vamp_ratio
          from sold s left join disputed d using (merchant_id) join merchants m on m.org_id = ${orgId} and m.merchant_id = s.merchant_id
          order by vamp_ratio desc nulls last, merchant limit 100`,
        rollup: `select m.mid as merchant, (sum(d.visa_cnp_fraud) + sum(d.visa_cnp_disputes)) / nullif(sum(d.visa_cnp_sales), 0) as vamp_ratio
          from ${dailyByMerchant} where org_id = ${orgId} group by all order by vamp_ratio desc nulls last, merchant limit 100`,
      },
    },
    {
      name: 'net effective rate by plan × size tier',
      input: { measures: ['net_effective_rate_bps'], dimensions: ['pricing_plan_type', 'size_tier'] },
      hand: {
        raw: `select p.plan_type as pricing_plan_type, m.size_tier,
            sum(t.net_revenue) / sum(t.amount) filter (where t.auth_result = 'approved' and not t.is_refund and t.settled) * 10000 as net_effective_rate_bps
          from ${salesByMerchant} join pricing_plans p on p.org_id = m.org_id and p.pricing_plan_id = m.pricing_plan_id
          where org_id = ${orgId} group by all order by all`,
        rollup: `select p.plan_type as pricing_plan_type, m.size_tier, sum(d.net_revenue) / sum(d.gsv) * 10000 as net_effective_rate_bps
          from ${dailyByMerchant} join pricing_plans p on p.org_id = m.org_id and p.pricing_plan_id = m.pricing_plan_id
          where org_id = ${orgId} group by all order by all`,
      },
    },
    {
      name: 'declines by code (30 days)',
      input: {
        measures: ['declines'],
        dimensions: ['decline_code'],
        timeDimension: { dimension: 'date', dateRange: [...last30Days] },
        filters: [{ member: 'decline_code', operator: 'set' }],
      },
      hand: {
        raw: `select decline_code, count(*) as declines from transactions
          where org_id = ${orgId} and txn_date ${between(last30Days)} and auth_result = 'declined' group by all order by declines desc`,
      },
    },
    {
      name: 'GSV by state × month',
      input: { measures: ['gsv'], dimensions: ['state'], timeDimension: { dimension: 'date', granularity: 'month' } },
      hand: {
        raw: `select ${monthText('t.txn_date')} as date, m.state_code as state, sum(t.amount) as gsv from ${salesByMerchant}
          where org_id = ${orgId} and t.auth_result = 'approved' and not t.is_refund and t.settled
          group by ${month('t.txn_date')}, m.state_code order by date, state`,
        // Only days with sales rows: a closed merchant's late chargebacks make rollup rows too.
        rollup: `select ${monthText('d.day')} as date, m.state_code as state, sum(d.gsv) as gsv from ${dailyByMerchant}
          where org_id = ${orgId} and (d.attempts > 0 or d.refunds > 0) group by ${month('d.day')}, m.state_code order by date, state`,
      },
    },
    {
      name: 'average ticket by MCC',
      input: { measures: ['avg_ticket'], dimensions: ['industry'] },
      hand: {
        // GSV (settled) ÷ approved sales.
        raw: `select m.mcc as industry, sum(t.amount) filter (where t.settled) / count(*) as avg_ticket from ${salesByMerchant}
          where org_id = ${orgId} and t.auth_result = 'approved' and not t.is_refund group by all order by avg_ticket desc`,
        rollup: `select m.mcc as industry, sum(d.gsv) / sum(d.approved) as avg_ticket from ${dailyByMerchant}
          where org_id = ${orgId} group by all order by avg_ticket desc`,
      },
    },
    {
      name: 'net revenue by card tier',
      input: { measures: ['net_revenue'], dimensions: ['card_tier'] },
      hand: {
        raw: `select card_tier, sum(net_revenue) as net_revenue from transactions where org_id = ${orgId} group by all order by net_revenue desc`,
      },
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
      hand: {
        raw: `select m.mid as merchant, sum(t.interchange_fee - t.target_interchange_fee) as downgrade_leakage from ${salesByMerchant}
          where org_id = ${orgId} and t.txn_date ${between(last90Days)} and t.is_downgraded
          group by all order by downgrade_leakage desc, merchant limit 100`,
        rollup: `select m.mid as merchant, sum(d.downgrade_leakage) as downgrade_leakage from ${dailyByMerchant}
          where org_id = ${orgId} and d.day ${between(last90Days)} group by all order by downgrade_leakage desc, merchant limit 100`,
      },
    },
    {
      name: 'refunds by industry',
      input: { measures: ['refunds', 'refund_rate'], dimensions: ['industry'] },
      hand: {
        raw: `select m.mcc as industry, count(*) filter (where t.is_refund) as refunds,
            count(*) filter (where t.is_refund) / count(*) filter (where t.auth_result = 'approved' and not t.is_refund and t.settled) as refund_rate
          from ${salesByMerchant} where org_id = ${orgId} group by all order by refunds desc`,
        rollup: `select m.mcc as industry, sum(d.refunds) as refunds, sum(d.refunds) / sum(d.sales) as refund_rate from ${dailyByMerchant}
          where org_id = ${orgId} group by all order by refunds desc`,
      },
    },
  ];
  return queries.map((query) => ({ ...query, description: queryDescriptionSchema.parse(query.input) }));
}
