// The score of each AML and card-testing signal (ids, labels and thresholds in
// @payportal/shared's SIGNALS), one DuckDB statement per signal answering (merchant_id, score) for every
// merchant of the organisation, or one. Bound values: $1 the organisation, $2 the caller's today,
// $3 one merchant or null. The window is the 30 days ending today; baselines come from before it.
// Never reads planted_signals: the planted cases are found from the rows alone.
import { HIGH_RISK_ISSUER_COUNTRIES, type SignalId } from '@payportal/shared/merchants';

/** The facts of the organisation (and merchant) in the last 30 days; `t` names the table's alias. */
export const inWindow = (t = '') =>
  `${t}org_id = $1::integer and ($3::bigint is null or ${t}merchant_id = $3::bigint) and ${t}txn_date between $2::date - 29 and $2::date`;
export const isSale = (t = '') => `${t}auth_result = 'approved' and not ${t}is_refund`;
export const HIGH_RISK = HIGH_RISK_ISSUER_COUNTRIES.map((country) => `'${country}'`).join(', ');

/**
 * Every MCC's norms before the window, in one scan of the organisation (normsTable.ts keeps them per
 * data version and day): the hours it does not trade (at most 0.1 % of its card-present sales in the
 * 180 days before the window, for MCCs with 1,000 or more) and its average ticket (the catalogue's
 * GSV ÷ sales, from the rollup). Bound values: $1 the organisation, $2 today.
 */
export const MCC_NORMS_SQL = `with mcc_hours as (
    select m.mcc, hour(t.ts) as hour, count(*) as n from transactions t join merchants m using (org_id, merchant_id)
    where t.org_id = $1::integer and t.card_present and ${isSale('t.')} and t.txn_date between $2::date - 209 and $2::date - 30
    group by m.mcc, hour(t.ts)
  ), mcc_total as (select mcc, sum(n) as total from mcc_hours group by mcc having sum(n) >= 1000),
  closed as (
    select a.mcc, list(r.hour order by r.hour) as closed_hours from mcc_total a cross join range(24) as r(hour)
    left join mcc_hours h on h.mcc = a.mcc and h.hour = r.hour where coalesce(h.n, 0) <= 0.001 * a.total group by a.mcc
  ), ticket as (
    select m.mcc, sum(d.gsv)::double / nullif(sum(d.sales), 0) as ticket from merchant_daily d join merchants m using (org_id, merchant_id)
    where d.org_id = $1::integer and d.day < $2::date - 29 group by m.mcc
  )
  select coalesce(t.mcc, c.mcc), coalesce(c.closed_hours, []), t.ticket from ticket t full outer join closed c on c.mcc = t.mcc order by 1`;

/** Statements that read the norms name them \`norms(mcc, closed_hours, ticket)\`: a constant table. */
export type NormsSql = (norms: string) => string;

const volumeSpike = `with days as (
    select merchant_id, txn_date, count(*)::double as n, sum(amount)::double as v from transactions
    where org_id = $1::integer and ($3::bigint is null or merchant_id = $3::bigint) and ${isSale()} and txn_date between $2::date - 59 and $2::date
    group by merchant_id, txn_date
  ), own as (
    select merchant_id, sum(n) filter (where txn_date < $2::date - 29) / 30 as mean_n, sum(n * n) filter (where txn_date < $2::date - 29) / 30 as sq_n,
      sum(v) filter (where txn_date < $2::date - 29) / 30 as mean_v, sum(v * v) filter (where txn_date < $2::date - 29) / 30 as sq_v
    from days group by merchant_id
  ), baseline as (
    -- a MID onboarded in the last 60 days has no baseline of its own: its MCC's established merchants give it
    select m.merchant_id, m.mcc, m.onboarded_on > $2::date - 60 as is_new, coalesce(o.mean_n, 0) as mean_n, coalesce(o.sq_n, 0) as sq_n,
      coalesce(o.mean_v, 0) as mean_v, coalesce(o.sq_v, 0) as sq_v
    from merchants m left join own o using (merchant_id) where m.org_id = $1::integer
  ), mcc_norm as (
    select mcc, avg(mean_n) as mean_n, stddev_pop(mean_n) as sd_n, avg(mean_v) as mean_v, stddev_pop(mean_v) as sd_v
    from baseline where not is_new group by mcc having count(*) >= 3
  ), judged as (
    select b.merchant_id,
      case when b.is_new then coalesce(c.mean_n, 0) else b.mean_n end as mean_n,
      case when b.is_new then coalesce(c.sd_n, 0) else sqrt(greatest(b.sq_n - b.mean_n * b.mean_n, 0)) end as sd_n,
      case when b.is_new then coalesce(c.mean_v, 0) else b.mean_v end as mean_v,
      case when b.is_new then coalesce(c.sd_v, 0) else sqrt(greatest(b.sq_v - b.mean_v * b.mean_v, 0)) end as sd_v
    from baseline b left join mcc_norm c using (mcc)
  )
  -- spreads have floors: Poisson noise (twice that for volume: tickets vary), a quarter of the mean
  -- (seasons, weekends, growth), one sale; a merchant with under a sale a day before (a lumpy few big
  -- tickets), or a new MID of an MCC with under 3 established merchants, is not judged
  select d.merchant_id, max(greatest(
      (d.n - j.mean_n) / greatest(j.sd_n, sqrt(j.mean_n), 0.25 * j.mean_n, 1),
      (d.v - j.mean_v) / greatest(j.sd_v, 0.25 * j.mean_v, 2 * j.mean_v / greatest(j.mean_n, 1) * sqrt(greatest(j.mean_n, 1))))) as score
  from days d join judged j using (merchant_id) where d.txn_date >= $2::date - 29 and j.mean_n >= 1 group by d.merchant_id`;

const ticketDrift: NormsSql = (norms) => `with recent as (
    select merchant_id, count(*) as n, avg(amount)::double as ticket from transactions where ${inWindow()} and ${isSale()} group by merchant_id having count(*) >= 20
  )
  select r.merchant_id, r.ticket / greatest(m.declared_avg_ticket::double, coalesce(c.ticket, 0), 0.01) as score
  from recent r join merchants m on m.org_id = $1::integer and m.merchant_id = r.merchant_id left join ${norms} as c using (mcc)`;

const roundAmounts = `select merchant_id, count(*) filter (where amount >= 100 and amount % 100 = 0)::double / count(*) as score
  from transactions where ${inWindow()} and ${isSale()} group by merchant_id having count(*) >= 10`;

const cardTesting = `select merchant_id, max(cards) filter (where declined >= 0.5 * attempts) as score from (
    select merchant_id, date_trunc('hour', ts) as hour, count(*) as attempts, count(*) filter (where auth_result = 'declined') as declined,
      count(distinct card_hash) filter (where auth_result = 'declined') as cards
    from transactions where ${inWindow()} and not card_present and not is_refund and amount < 5 group by merchant_id, date_trunc('hour', ts)
  ) group by merchant_id`;

/** Refunds of the window whose sale is not the merchant's own, or paid another card; the sale is looked for among the merchant's rows. */
export const MISMATCHED_REFUNDS = `select r.*, s.card_hash as sale_card_hash from transactions r
  left join transactions s on s.org_id = $1::integer and s.merchant_id = r.merchant_id and ($3::bigint is null or s.merchant_id = $3::bigint) and s.tx_id = r.original_tx_id
  where ${inWindow('r.')} and r.is_refund
    and (r.original_tx_id is null or s.tx_id is null or s.card_hash <> r.card_hash)`;

const refundMismatch = `select merchant_id, count(*)::double as score from (${MISMATCHED_REFUNDS}) group by merchant_id`;

const highRiskIssuers = `select merchant_id, count(*) filter (where issuer_country in (${HIGH_RISK}))::double / count(*) as score
  from transactions where ${inWindow()} and ${isSale()} group by merchant_id`;

const offHours: NormsSql = (
  norms,
) => `select t.merchant_id, count(*) filter (where list_contains(c.closed_hours, hour(t.ts)))::double / count(*) as score
  from transactions t join merchants m using (org_id, merchant_id) left join ${norms} as c on c.mcc = m.mcc
  where ${inWindow('t.')} and t.card_present and ${isSale('t.')}
  group by t.merchant_id having count(*) >= 20`;

const plain =
  (sql: string): NormsSql =>
  () =>
    sql;

export const SIGNAL_SCORE_SQL: Record<SignalId, NormsSql> = {
  volume_spike: plain(volumeSpike),
  ticket_drift: ticketDrift,
  round_amounts: plain(roundAmounts),
  card_testing: plain(cardTesting),
  refund_mismatch: plain(refundMismatch),
  high_risk_issuers: plain(highRiskIssuers),
  off_hours: offHours,
};
