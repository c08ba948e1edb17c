// Sales (authorisation attempts) in one INSERT … SELECT: each merchant's slice of the
// total is unnested, every attribute is drawn from hash(sale n, salt, seed), card attributes from
// hash(card n, …) so a card keeps its product, and fees are priced with fees.ts.
import type { DuckDBConnection } from '@duckdb/node-api';
import { BRAND_TYPE_MIX, REGULATED_DEBIT_SHARE, TIER_MIX } from './cardProducts.ts';
import { DECLINE_CODES } from './declineCodes.ts';
import { declinedSchemeFeeSql, interchangeFeeSql, merchantFeeSql, schemeFeeSql } from './fees.ts';
import { HOUR_BUCKETS } from './createGeneratorLookups.ts';
import { TX_ID_BASE, type GenerationContext } from './generationContext.ts';
import { FOREIGN_ISSUER_COUNTRIES, HOME_COUNTRY } from './issuerCountries.ts';
import { normal, SALT, uniform, type Salt } from './random.ts';
import { pickCase, sqlLiteral } from './sql.ts';

/** approval rates; cross-border takes 5 points off. */
const APPROVAL_RATE = {
  cardPresent: 0.985,
  threeDs: 0.92,
  cardNotPresent: 0.86,
  recurring: 0.83,
  crossBorderPenalty: 0.05,
} as const;
/** entry modes of card-present sales, percent. Keyed sales count as card-present (see GENERATOR.md). */
const CARD_PRESENT_ENTRY_MODES = [
  ['contactless', 45],
  ['chip', 45],
  ['swipe', 5],
  ['keyed', 5],
] as const;
/** settlement delay: same day 90 %, D+1 7 %, the late share (merchant-specific) splits 2 : 3+. */
const NEXT_DAY_SHARE = 0.07;
const LATE_DELAYS = [
  ['2', 67],
  ['3', 20],
  ['4', 8],
  ['7', 5],
] as const;
/** A tip at a tip MCC, as a share of the authorised amount: inside the schemes' 20 % tolerance (model). */
const TIP = { min: 0.1, max: 0.19 } as const;

export const TRANSACTION_COLUMNS = [
  'tx_id',
  'org_id',
  'merchant_id',
  'terminal_id',
  'ts',
  'txn_date',
  'amount',
  'currency',
  'card_brand',
  'card_type',
  'card_tier',
  'regulated_debit',
  'issuer_country',
  'is_cross_border',
  'bin',
  'card_hash',
  'entry_mode',
  'card_present',
  'three_ds',
  'avs_result',
  'auth_result',
  'decline_code',
  'settled',
  'settle_date',
  'settle_delay_days',
  'interchange_program_id',
  'target_program_id',
  'interchange_fee',
  'target_interchange_fee',
  'is_downgraded',
  'scheme_fee',
  'merchant_fee',
  'net_revenue',
  'is_refund',
  'original_tx_id',
  'is_fraud_reported',
  'upload_id',
  'tx_ref',
  'auth_amount',
  'level3_data',
] as const;

function salesSql(ctx: GenerationContext): string {
  const u = (salt: Salt) => uniform('seq', salt, ctx.seed);
  const card = (salt: Salt) => uniform('card_index', salt, ctx.seed);
  // Cards repeat: about six sales per domestic card, ten per foreign one (model).
  const domesticCards = Math.max(2000, Math.round(ctx.transactionCount / 6));
  const foreignCards = Math.max(500, Math.round(ctx.transactionCount / 60));
  const brand = pickCase(
    card('cardProduct'),
    BRAND_TYPE_MIX.map(([b, , w]) => [sqlLiteral(b), w]),
  );
  const cardType = pickCase(
    card('cardProduct'),
    BRAND_TYPE_MIX.map(([, t, w]) => [sqlLiteral(t), w]),
  );
  const tier = `case card_type ${Object.entries(TIER_MIX)
    .map(
      ([type, tiers]) =>
        `when '${type}' then ${pickCase(
          card('cardTier'),
          tiers.map(([t, w]) => [sqlLiteral(t), w]),
        )}`,
    )
    .join(' ')} end`;
  const apply = (
    alias: string,
  ) => `left join gen_program_lookup ${alias} on ${alias}.brand = s.card_brand and ${alias}.card_type = s.card_type
      and ${alias}.tier = s.card_tier and ${alias}.regulated = s.regulated_debit and ${alias}.channel = s.sale_channel
      and ${alias}.family = s.${alias === 'ap' ? 'billed_family' : 'family'}
      and ${alias}.level = s.${alias === 'ap' ? 'level' : 'target_level'}`;
  return `insert into transactions (${TRANSACTION_COLUMNS.join(', ')})
with slot as (
  select merchant_id, channel_profile, xb_share, bucket_lo, bucket_hi, season, hours, recurring_share, three_ds_share, avs_missing_rate,
    late_batch_rate, fraud_rate_cp, fraud_rate_cnp, ticket_median_m, ticket_sigma, terminal_count, family, seq,
    tip_share, amount_edit_rate, program_registered, level_data_rate
  from gen_sale_slots join gen_merchants using (merchant_id)
), drawn as (
  select *, ${ctx.orgId}::bigint * ${TX_ID_BASE} + seq + 1 as tx_id,
    case channel_profile when 'cp' then true when 'cnp' then false else ${u('channel')} < 0.5 end as card_present,
    ${u('crossBorder')} < xb_share as is_cross_border,
    ${u('card')} as u_card, ${u('entryMode')} as u_entry, ${u('approval')} as u_approval,
    ticket_median_m * exp(ticket_sigma * ${normal('seq', 'amountA', 'amountB', ctx.seed)}) as raw_amount,
    bucket_lo + floor(${u('day')} * (bucket_hi - bucket_lo))::bigint as day_bucket,
    floor(${u('hour')} * ${HOUR_BUCKETS})::bigint as hour_bucket
  from slot
), carded as (
  select *, case when is_cross_border then ${domesticCards} + floor(u_card * ${foreignCards}) else floor(u_card * ${domesticCards}) end::bigint as card_index
  from drawn
), product as (
  select *, ${brand} as card_brand, ${cardType} as card_type,
    case when card_present then ${pickCase(
      'u_entry',
      CARD_PRESENT_ENTRY_MODES.map(([m, w]) => [sqlLiteral(m), w]),
    )}
      when u_entry < recurring_share then 'recurring' else 'ecom' end as entry_mode
  from carded
), attributes as (
  select *, ${tier} as card_tier,
    card_type = 'debit' and not is_cross_border and ${card('cardRegulated')} < ${REGULATED_DEBIT_SHARE} as regulated_debit,
    case when is_cross_border then ${pickCase(
      card('cardCountry'),
      FOREIGN_ISSUER_COUNTRIES.map(([c, w]) => [sqlLiteral(c), w]),
    )} else '${HOME_COUNTRY}' end as issuer_country,
    hash(card_index, ${SALT.cardBin}, ${ctx.seed}::ubigint) as bin_hash,
    lpad(lower(hex(hash(card_index, ${SALT.cardHash}, ${ctx.seed}::ubigint))), 16, '0') as card_hash,
    entry_mode = 'ecom' and ${u('threeDs')} < three_ds_share as three_ds,
    case when entry_mode in ('chip', 'contactless', 'swipe') then 'not_applicable' when ${u('avsMissingDraw')} < avs_missing_rate then 'not_requested'
      when is_cross_border then 'unavailable'
      else ${pickCase(u('avsResult'), [
        ["'match'", 90],
        ["'partial'", 6],
        ["'no_match'", 3],
        ["'unavailable'", 1],
      ])} end as avs_result,
    case when card_present then 'cp' else 'cnp' end as sale_channel,
    case when card_present then hours when entry_mode = 'recurring' then 'billing' else 'online' end as hour_profile,
    round(least(ticket_median_m * 40, greatest(0.5, raw_amount)), 2)::decimal(18, 2) as amount,
    case when card_present then merchant_id * 10 + floor(${u('terminal')} * terminal_count)::bigint else merchant_id * 10 + 9 end as terminal_id
  from product
), authorised as (
  select *, u_approval < case when card_present then ${APPROVAL_RATE.cardPresent} when entry_mode = 'recurring' then ${APPROVAL_RATE.recurring}
      when three_ds then ${APPROVAL_RATE.threeDs} else ${APPROVAL_RATE.cardNotPresent} end
      - case when is_cross_border then ${APPROVAL_RATE.crossBorderPenalty} else 0 end as approved,
    ${u('fraud')} as u_fraud,
    ${pickCase(
      u('declineCode'),
      DECLINE_CODES.map((d) => [sqlLiteral(d.code), d.share]),
    )} as drawn_decline_code
  from attributes
), timed as (
  select a.*, d.day as txn_date, d.day + to_hours(h.hour) + to_seconds(floor(${u('second')} * 3600)::bigint) as ts
  from authorised a
  join gen_day_lookup d on d.season = a.season and d.bucket = a.day_bucket
  join gen_hour_lookup h on h.profile = a.hour_profile and h.bucket = a.hour_bucket
), settled as (
  -- a merchant's whole day settles together; delay 2, missing AVS on keyed/CNP or a settled amount other
  -- than the authorised one outside tip MCCs → EIRF, ≥ 3 → Standard (credit only)
  select *, case when not approved then null
      when ${uniform('merchant_id, txn_date', 'settleDelay', ctx.seed)} < late_batch_rate
        then ${pickCase(
          uniform('merchant_id, txn_date', 'settleLate', ctx.seed),
          LATE_DELAYS.map(([d, w]) => [d, w]),
        )}
      when ${uniform('merchant_id, txn_date', 'settleDelay', ctx.seed)} < late_batch_rate + ${NEXT_DAY_SHARE} then 1 else 0 end as delay,
    approved and card_present and ${u('amountEdit')} < amount_edit_rate as amount_edited,
    -- the authorised amount: before the tip at tip MCCs (a 10–19 % tip, inside the 20 % tolerance); at an amount
    -- editor, 1–15 % off (below in half the cases: a partial sale; above in the other: a correction upwards)
    case when not approved then amount
      when card_present and ${u('tipped')} < tip_share then round(amount::double / (${TIP.min} + ${TIP.max - TIP.min} * ${u('tipSize')} + 1), 2)::decimal(18, 2)
      when card_present and ${u('amountEdit')} < amount_edit_rate then amount
        + (case when ${u('amountEdit')} < amount_edit_rate / 2 then 1 else -1 end) * greatest(0.01, round(amount::double * (0.01 + 0.14 * ${u('amountEditSize')}), 2))::decimal(18, 2)
      else amount end as auth_amount,
    -- Level 2/3 data: recorded for approved commercial-card sales, sent on keyed and CNP ones by the merchants that send it
    case when approved and card_tier = 'commercial' then entry_mode in ('keyed', 'ecom', 'recurring') and ${u('levelData')} < level_data_rate end as level3_data
  from timed
), leveled as (
  -- declines get no level, so they match no programme (an equi-join keeps the lookup a hash join)
  select *, case when not approved then null when card_type <> 'credit' then 'normal' when delay >= 3 then 'standard'
      when delay = 2 or (avs_result = 'not_requested' and entry_mode in ('keyed', 'ecom', 'recurring')) or amount_edited then 'eirf'
      -- a commercial card's keyed or CNP sale without Level 2/3 data: the non-data rate (the lookup keeps the normal programme where a brand has none)
      when card_tier = 'commercial' and entry_mode in ('keyed', 'ecom', 'recurring') and not level3_data then 'no_data' else 'normal' end as level,
    case when approved then 'normal' end as target_level,
    -- an unregistered merchant's sales go to the general programme although its MCC qualifies for a cheaper one
    case when program_registered then family else 'general' end as billed_family
  from settled
), priced as (
  select s.*, ap.program_id as applied_program, tp.program_id as target_program,
    case when s.approved then ${interchangeFeeSql('amount', 'ap.pct', 'ap.fixed')} else 0 end as ic,
    case when s.approved then ${interchangeFeeSql('amount', 'tp.pct', 'tp.fixed')} else 0 end as target_ic,
    case when s.approved then ${schemeFeeSql({ amount: 'amount', brand: 'card_brand', cardType: 's.card_type', crossBorder: 'is_cross_border' })} else ${declinedSchemeFeeSql()} end as sf,
    coalesce(s.level in ('eirf', 'standard'), false) as is_downgraded
  from leveled s ${apply('ap')} ${apply('tp')}
), billed as (
  select p.*, case when approved then ${merchantFeeSql({
    amount: 'amount',
    cardType: 'p.card_type',
    tier: 'card_tier',
    cardPresent: 'card_present',
    entryMode: 'entry_mode',
    crossBorder: 'is_cross_border',
    downgraded: 'is_downgraded',
    interchangeFee: 'ic',
    schemeFee: 'sf',
  })} else 0 end as mf
  from priced p join pricing_plans pp on pp.pricing_plan_id = p.merchant_id and pp.org_id = ${ctx.orgId}
)
select tx_id, ${ctx.orgId}, merchant_id, terminal_id, ts, txn_date, amount, 'USD', card_brand, card_type, card_tier, regulated_debit,
  issuer_country, is_cross_border,
  case card_brand when 'visa' then '4' || lpad((bin_hash % 100000)::varchar, 5, '0')
    when 'mastercard' then '5' || (1 + bin_hash % 5)::varchar || lpad(((bin_hash >> 8) % 10000)::varchar, 4, '0')
    when 'amex' then (case when bin_hash % 2 = 0 then '34' else '37' end) || lpad(((bin_hash >> 8) % 10000)::varchar, 4, '0')
    else '6011' || lpad(((bin_hash >> 8) % 100)::varchar, 2, '0') end,
  card_hash, entry_mode, card_present, three_ds, avs_result,
  case when approved then 'approved' else 'declined' end, case when approved then null else drawn_decline_code end,
  approved, txn_date + delay, delay, applied_program, target_program, ic, target_ic, is_downgraded, sf, mf, mf - ic - sf,
  false, null, approved and u_fraud < case when card_present then fraud_rate_cp else fraud_rate_cnp end, null, null, auth_amount, level3_data
from billed`;
}

export async function generateSales(connection: DuckDBConnection, ctx: GenerationContext): Promise<void> {
  // The slots go through a table so DuckDB knows there are millions of them: unnested inline, it
  // guessed one per merchant and built its hash joins on the sales instead of the small lookups.
  await connection.run(
    'create or replace temp table gen_sale_slots as select merchant_id, unnest(range(tx_start, tx_end)) as seq from gen_merchants',
  );
  await insertSlotSales(connection, ctx);
}

/** One sale per row of gen_sale_slots (merchant_id, seq), its day drawn from the merchant's buckets of gen_day_lookup; the slots are dropped after. */
export async function insertSlotSales(connection: DuckDBConnection, ctx: GenerationContext): Promise<void> {
  const previous = (
    await connection.runAndReadAll(`select current_setting('disabled_optimizers') as value`)
  ).getRowObjectsJS()[0]?.value;
  await connection.run(`set disabled_optimizers = 'join_order,build_side_probe_side'`);
  try {
    await connection.run(salesSql(ctx));
  } finally {
    await connection.run(`set disabled_optimizers = ${sqlLiteral(String(previous ?? ''))}`);
  }
  await connection.run('drop table gen_sale_slots');
}
