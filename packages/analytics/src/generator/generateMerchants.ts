// Merchants: industry, place, channel, size, life cycle, behaviour and pricing, drawn
// into the temp table gen_merchants, from which the merchants, pricing_plans and terminals rows come.
// It also fixes each merchant's exact slice of the transaction total (tx_start … tx_end), so totals
// are exact and the sale generator needs no further coordination.
import type { DuckDBConnection } from '@duckdb/node-api';
import { CHARGEBACK_SPREAD, INDUSTRIES } from './industries.ts';
import {
  CLOSE_REASONS,
  LEGAL_ENTITY_WORDS,
  LEGAL_FAMILY_NAMES,
  LEGAL_SUFFIXES,
  NAME_PREFIXES,
} from './merchantNames.ts';
import { MERCHANT_ID_BASE, type GenerationContext } from './generationContext.ts';
import { normal, uniform, type Salt } from './random.ts';
import { pickCase, sqlList, sqlLiteral } from './sql.ts';
import { STATES } from './states.ts';

/** Share of CNP merchants in the bad-actor cohort (1–2 %); at least one when any CNP merchant can be one. */
const BAD_ACTOR_SHARE = 0.015;
/** A bad actor's chargebacks per card-not-present sale (1.5–3 %), drawn uniformly in this range. */
const BAD_ACTOR_CHARGEBACK_RATE = { min: 0.015, max: 0.03 } as const;

/** Share of merchants selling card-present outside tip MCCs who settle some sales at another amount than authorised (model). */
const AMOUNT_EDITOR_SHARE = 0.1;
/** Share of merchants whose MCC qualifies for a reduced-rate programme but who are not registered for it (model). */
const UNREGISTERED_SHARE = 0.2;
/**
 * Level 2/3 data on commercial cards' keyed and card-not-present sales (model): 80 % of the merchants of
 * B2B MCCs send it (their invoicing or gateway fills it in) and 25 % of the others; a sender sends it on
 * 95 % of such sales, anyone else never.
 */
const LEVEL_DATA = { b2bSenders: 0.8, otherSenders: 0.25, senderRate: 0.95 } as const;

/**
 * merchant volume: a long tail (lognormal, median $25 k, σ 1.5, below the head) and an enterprise
 * head, the top 1 % of merchants (at least 3) at $5–40 M a year in the industries where such merchants
 * are (grocery, fuel, lodging, airlines, department stores, e-commerce). Head merchant i of k sits at
 * $5 M × 8^(((i − ½)/k)³): most near $5 M, a few up to $40 M, so the head spans the 5–20 M and 20 M+
 * tiers and holds about half the volume (a log-uniform head would hold three quarters). Both are then
 * scaled together so the attempts total 3,000,000 × SF: the level follows the total (at SF 1 the factor
 * is near 1; at small SF, where the head's three merchants are more than 1 %, it shrinks with the rest).
 */
export const VOLUME = {
  tail: { median: 25_000, sigma: 1.5, cap: 4_500_000 },
  head: {
    share: 0.01,
    minimum: 3,
    low: 5_000_000,
    high: 40_000_000,
    mccs: ['5411', '5541', '7011', '4511', '5311', '5999'],
  },
} as const;

const pickFrom = (list: readonly string[], u: string) => `${sqlList(list)}[1 + floor(${u} * ${list.length})::integer]`;

function gatherMerchantsSql(ctx: GenerationContext): string {
  const u = (salt: Salt) => uniform('n', salt, ctx.seed);
  const days = `(date '${ctx.windowEnd}' - date '${ctx.windowStart}' + 1)`;
  const headCount = Math.max(VOLUME.head.minimum, Math.round(VOLUME.head.share * ctx.merchantCount));
  const isHead = `n <= ${headCount}`;
  const headMccs = INDUSTRIES.filter((i) => (VOLUME.head.mccs as readonly string[]).includes(i.mcc));
  const mcc = `case when ${isHead} then ${pickCase(
    u('mcc'),
    headMccs.map((i) => [sqlLiteral(i.mcc), 1]),
  )} else ${pickCase(
    u('mcc'),
    INDUSTRIES.map((i) => [sqlLiteral(i.mcc), i.weight]),
  )} end`;
  const state = pickCase(
    u('state'),
    STATES.map((s) => [sqlLiteral(s.stateCode), s.weight]),
  );
  // "at least one" of a cohort: the first of an exponential race weighted by sales, i.e. a draw in proportion to sales
  const bySales = (salt: Salt) => `-ln(1 - ${u(salt)}) / (tx_end - tx_start + 1)`;
  const closeReason = pickCase(
    u('closeReason'),
    CLOSE_REASONS.map(([reason, pct]) => [sqlLiteral(reason), pct]),
  );
  return `create or replace temp table gen_merchants as
with base as (
  select n, merchant_id, ${mcc} as mcc, ${state} as state_code, ${u('channelProfile')} as u_channel, ${isHead} as is_head,
    -- (VOLUME above): the shape of size; the level follows the transaction total
    case when ${isHead} then ${VOLUME.head.low} * pow(${VOLUME.head.high / VOLUME.head.low}, pow((n - 0.5) / ${headCount}, 3))
      else least(${VOLUME.tail.cap}, ${VOLUME.tail.median} * exp(${VOLUME.tail.sigma} * ${normal('n', 'volumeA', 'volumeB', ctx.seed)})) end as volume_draw,
    ${normal('n', 'ticketA', 'ticketB', ctx.seed)} as ticket_z
  from (select range + 1 as n, ${ctx.orgId}::bigint * ${MERCHANT_ID_BASE} + range + 1 as merchant_id from range(${ctx.merchantCount}))
), industry as (
  select b.*, i.* exclude (mcc), 0.5 * least(i.cp_share, 1 - i.cp_share) as omni_share,
    -- sizes sales counts only; the merchant's own ticket comes once counts are known (centred)
    exp(0.15 * b.ticket_z) * i.ticket_median * exp(i.ticket_sigma * i.ticket_sigma / 2) as ticket_mean_drawn
  from base b join gen_industries i using (mcc)
), sized as (
  -- omni merchants sell half card-present, so the MCC's card-present share holds on average
  select *, case when u_channel < cp_share - omni_share / 2 then 'cp' when u_channel < cp_share + omni_share / 2 then 'omni' else 'cnp' end as channel_profile,
    volume_draw * ${ctx.transactionCount} / sum(volume_draw / ticket_mean_drawn * ${days} / 365) over () as expected_volume,
    -- the enterprise head is established: onboarded before the window, never closed or stopped
    case when not is_head and ${u('onboardedInWindow')} < 0.2 then date '${ctx.windowStart}' + floor(${u('onboarded')} * greatest(1, ${days} - 14))::integer
      else date '${ctx.windowStart}' - 1 - floor(${u('onboarded')} * 3650)::integer end as onboarded_on
  from industry
), candidates as (
  -- bad actors come from CNP merchants whose MCC's ordinary rate stays below the bad range (so each is
  -- worse than its peers) and from the larger quarter of those (so each has sales enough for its
  -- ratios to mean something: "so the monitoring views have something to find")
  select *, not is_head and channel_profile = 'cnp' and cb_rate_cnp * ${CHARGEBACK_SPREAD.cnp.max} < ${BAD_ACTOR_CHARGEBACK_RATE.min} as may_go_bad,
    greatest(1, round(${BAD_ACTOR_SHARE} * sum((channel_profile = 'cnp')::integer) over ())) as cohort_size
  from sized
), shortlisted as (
  select *, may_go_bad and row_number() over (partition by may_go_bad order by volume_draw / ticket_mean_drawn * (date '${ctx.windowEnd}' - greatest(onboarded_on, date '${ctx.windowStart}')) desc, n)
      <= greatest(cohort_size, ceil(count(*) over (partition by may_go_bad) / 4)) as is_shortlisted
  from candidates
), cohort as (
  select *, is_shortlisted and row_number() over (partition by is_shortlisted order by ${u('badActor')}, n) <= cohort_size as is_bad_actor,
    greatest(onboarded_on, date '${ctx.windowStart}') as active_start,
    -- monthly hazard 1.8 % under $1 M, 1.0 % to $5 M, 0.6 % above
    case when expected_volume < 1000000 then 0.018 when expected_volume < 5000000 then 0.010 else 0.006 end as hazard
  from shortlisted
), lifecycle as (
  select *, case when not is_bad_actor and not is_head and active_start + 1 + floor(-ln(1 - ${u('closed')}) / hazard * 30.44)::integer <= date '${ctx.windowEnd}'
      then active_start + 1 + floor(-ln(1 - ${u('closed')}) / hazard * 30.44)::integer end as closed_on
  from cohort
), active as (
  select *, case when closed_on is not null then 'closed' when not is_bad_actor and not is_head and ${u('stopped')} < 0.05 then 'not_processing' else 'processing' end as status,
    case when closed_on is not null then ${closeReason} end as close_reason
  from lifecycle
), windowed as (
  select *, case status when 'closed' then greatest(active_start, closed_on - 1)
      when 'not_processing' then greatest(active_start, date '${ctx.windowEnd}' - 30 - floor(${u('stoppedOn')} * 90)::integer)
      else date '${ctx.windowEnd}' end as active_end
  from active
), weighted as (
  select *, greatest(1, round(volume_draw / ticket_mean_drawn * (active_end - active_start + 1)))::bigint as weight from windowed
), counted as (
  -- exact counts: merchant i gets floor(N·cumᵢ/total) − floor(N·cumᵢ₋₁/total), integers throughout
  select *, (${ctx.transactionCount}::hugeint * (cum - weight) // total)::bigint as tx_start, (${ctx.transactionCount}::hugeint * cum // total)::bigint as tx_end
  from (select *, sum(weight) over (order by n rows between unbounded preceding and current row) as cum, sum(weight) over () as total from weighted)
), centred as (
  -- ticket medians are per MCC: merchants spread around the median (σ 0.15 of the log), and the
  -- spread is centred on the MCC, weighted by sales, so an MCC of one or two big merchants keeps its median
  select *, exp(0.15 * (ticket_z - sum((tx_end - tx_start) * ticket_z) over mcc_sales / greatest(1, sum(tx_end - tx_start) over mcc_sales))) as ticket_factor
  from counted
  -- ordered by n with a whole-partition frame: the sum adds in one order on any machine, so it is exact to the bit
  window mcc_sales as (partition by mcc order by n rows between unbounded preceding and unbounded following)
), ticketed as (
  select *, ticket_factor * ticket_median as ticket_median_m, ticket_factor * ticket_median * exp(ticket_sigma * ticket_sigma / 2) as ticket_mean_m from centred
), annual as (
  select *, (tx_end - tx_start) * ticket_mean_m * 365 / (active_end - active_start + 1) as annual_volume from ticketed
)
select a.*, c1.lo as bucket_lo, c2.hi as bucket_hi,
  case when annual_volume < 100000 then '<100k' when annual_volume < 1000000 then '100k-1M' when annual_volume < 5000000 then '1M-5M'
    when annual_volume < 20000000 then '5M-20M' else '20M+' end as size_tier,
  case when is_bad_actor then 'high' when ${u('riskBump')} < 0.1 then (case risk_class when 'low' then 'medium' else 'high' end) else risk_class end as risk_tier,
  -- pricing by volume band
  case when annual_volume < 250000 then (case when ${u('planKind')} < 0.6 then 'flat' else 'blended' end)
    when annual_volume <= 5000000 then (case when ${u('planKind')} < 0.55 then 'blended' else 'tiered' end) else 'ic_plus_plus' end as plan_type,
  case when annual_volume < 250000 then round(2.6 + 0.3 * ${u('planRate')}, 2) when annual_volume <= 5000000 then round(2.2 + 0.4 * ${u('planRate')}, 2) else 0 end as credit_rate,
  case when annual_volume < 250000 then round(0.10 + 0.20 * ${u('planItem')}, 2) when annual_volume <= 5000000 then round(0.10 + 0.10 * ${u('planItem')}, 2)
    else round(0.05 + 0.05 * ${u('planItem')}, 2) end as per_item,
  case when annual_volume > 5000000 then round(10 + 40 * ${u('planMarkup')}) else 0 end as markup_bps,
  9.95 + 5 * floor(${u('planMonthly')} * 4) as monthly_fee, 4.95 + 5 * floor(${u('planPci')} * 3) as pci_fee,
  case when channel_profile <> 'cp' and ${u('threeDsUser')} < 0.45 then 0.6 + 0.35 * ${u('threeDsShare')} else 0 end as three_ds_share,
  -- AVS missing on 10–20 % of keyed/CNP sales of poorly integrated merchants, ≈ 0.5 % of well-integrated ones
  case when channel_profile <> 'cp' and ${u('avsQuality')} < 0.65 then 0.005 else 0.10 + 0.10 * ${u('avsMissing')} end as avs_missing_rate,
  -- small card-present merchants batch late on 3–8 % of days; e-commerce gateways close their batches
  -- themselves (0.5 %, so well-integrated e-commerce stays near the spec's 1 % downgraded); everyone else 1.2 %
  case when channel_profile = 'cnp' then 0.005 when annual_volume < 1000000 then 0.03 + 0.05 * ${u('lateBatch')} else 0.012 end as late_batch_rate,
  -- auth ≠ settle outside tip MCCs: 10 % of the merchants that sell card-present (at least one, drawn by sales) re-key the amount
  -- after authorising on 2–5 % of their card-present sales (model)
  case when tip_share = 0 and channel_profile <> 'cnp' and (${u('amountEditor')} < ${AMOUNT_EDITOR_SHARE} or row_number() over (
      partition by tip_share = 0 and channel_profile <> 'cnp' order by ${bySales('amountEditor')}, n) = 1) then 0.02 + 0.03 * ${u('amountEditRate')} else 0 end as amount_edit_rate,
  -- a merchant whose MCC qualifies for a reduced-rate programme is registered for it, except 20 % of them (at least one, drawn by sales)
  family = 'general' or not (${u('programRegistration')} < ${UNREGISTERED_SHARE} or row_number() over (
      partition by family <> 'general' order by ${bySales('programRegistration')}, n) = 1) as program_registered,
  case when ${u('levelDataSender')} < case when b2b then ${LEVEL_DATA.b2bSenders} else ${LEVEL_DATA.otherSenders} end then ${LEVEL_DATA.senderRate} else 0 end as level_data_rate,
  0.0002 + 0.0003 * ${u('fraudRate')} as fraud_rate_cp,
  case when is_bad_actor then 0.008 + 0.007 * ${u('fraudRate')} else 0.002 + 0.004 * ${u('fraudRate')} end as fraud_rate_cnp,
  cb_rate_cp * (${CHARGEBACK_SPREAD.cp.min} + ${CHARGEBACK_SPREAD.cp.max - CHARGEBACK_SPREAD.cp.min} * ${u('chargebackRateA')}) as chargeback_rate_cp,
  case when is_bad_actor then ${BAD_ACTOR_CHARGEBACK_RATE.min} + ${BAD_ACTOR_CHARGEBACK_RATE.max - BAD_ACTOR_CHARGEBACK_RATE.min} * ${u('chargebackRateB')}
    else cb_rate_cnp * (${CHARGEBACK_SPREAD.cnp.min} + ${CHARGEBACK_SPREAD.cnp.max - CHARGEBACK_SPREAD.cnp.min} * ${u('chargebackRateB')}) end as chargeback_rate_cnp,
  case when channel_profile = 'cnp' then 0 else 1 + floor(${u('terminals')} * case when annual_volume < 1000000 then 2 else 4 end)::integer end as terminal_count,
  ${pickFrom(NAME_PREFIXES, u('name'))} || ' ' || list_extract(string_split(nouns, '|'), 1 + floor(${u('noun')} * len(string_split(nouns, '|')))::integer) as dba_name,
  ${pickFrom(LEGAL_FAMILY_NAMES, u('legal'))} || ' ' || ${pickFrom(LEGAL_ENTITY_WORDS, u('name'))} || ' ' || ${pickFrom(LEGAL_SUFFIXES, u('noun'))} as legal_name,
  list_extract(string_split(s.cities, '|'), 1 + floor(${u('city')} * len(string_split(s.cities, '|')))::integer) as city,
  round(ticket_mean_m * (0.9 + 0.2 * ${u('declared')}), 2) as declared_avg_ticket
from annual a
join gen_states s using (state_code)
join gen_calendar c1 on c1.season = a.season and c1.day = a.active_start
join gen_calendar c2 on c2.season = a.season and c2.day = a.active_end`;
}

/** Every merchant's attributes into the temp table gen_merchants, nothing written (a top-up draws them again from the dataset's window). */
export async function gatherMerchants(connection: DuckDBConnection, ctx: GenerationContext): Promise<void> {
  await connection.run(gatherMerchantsSql(ctx));
}

export async function generateMerchants(connection: DuckDBConnection, ctx: GenerationContext): Promise<void> {
  await gatherMerchants(connection, ctx);
  await connection.run(`insert into pricing_plans select merchant_id, ${ctx.orgId}, plan_type, markup_bps, per_item,
      credit_rate, case plan_type when 'flat' then credit_rate when 'blended' then credit_rate - 1.0 when 'tiered' then credit_rate - 0.9 else 0 end,
      monthly_fee, pci_fee, 25 from gen_merchants`);
  await connection.run(`insert into merchants select merchant_id, ${ctx.orgId},
      '8' || lpad((${ctx.orgId} % 1000)::varchar, 3, '0') || lpad(n::varchar, 11, '0'), legal_name, dba_name, mcc, state_code, city,
      onboarded_on, closed_on, close_reason, status, channel_profile, size_tier, risk_tier, declared_avg_ticket, merchant_id, is_bad_actor, null,
      a.agent_id
    from gen_merchants left join gen_merchant_agents a using (merchant_id)`);
  // Terminal k of merchant m is m × 10 + k: 0 … 3 in store, 9 the e-commerce gateway.
  await connection.run(`insert into terminals
    select merchant_id * 10 + k, ${ctx.orgId}, merchant_id, case
        when mcc = '5542' and k = 0 then 'unattended' when mcc in ('4121', '7230', '7298') or (k > 0 and ${uniform('merchant_id, k', 'terminals', ctx.seed)} < 0.3) then 'mpos'
        when k > 0 and ${uniform('merchant_id, k', 'terminals', ctx.seed)} < 0.4 then 'softpos' else 'countertop' end
      from (select merchant_id, mcc, unnest(range(terminal_count)) as k from gen_merchants)
    union all select merchant_id * 10 + 9, ${ctx.orgId}, merchant_id, 'ecom_gateway' from gen_merchants where channel_profile <> 'cp'`);
}
