// The merchant page's finder, header and signals in ClickHouse 18.16's SQL: the same questions as
// duckdbMerchantStatements.ts (signals/signalScoresSql.ts and signalEvidenceSql.ts say what each signal
// measures), answered alike (crossEngine.test.ts). What 18.16 lacks, and what is written instead:
// - no server-side parameters: values are literals from clickhouseLiteral.ts, one merchant or none is a
//   condition added or left out, never a null compared;
// - no WITH of subqueries, one JOIN per SELECT: nested subqueries, each joining once `using` renamed columns;
//   a LEFT JOIN's missing row reads as the column's default (0, or null when Nullable), which the
//   statements use where DuckDB's coalesce(…, 0) does;
// - no FILTER (WHERE …): countIf, sumIf, maxIf, uniqExactIf; maxIf over nothing is 0, not null, so it is
//   made null by hand where null means "not judged";
// - greatest takes two arguments; lambdas cannot read columns (the norms' closed hours are picked in
//   toNorms); no VALUES: the norms table is arrayJoin over tuples, its closed hours a 24-bit mask;
// - Decimal has no `%`: a whole hundred is `toFloat64(amount) = floor(toFloat64(amount) / 100) * 100`,
//   exact for amounts with two decimals far below 2^53.
// Money and counts leave as Float64 (sums are exact Decimal128 first), so the JSON carries numbers.
import type { SignalId } from '@payportal/shared/merchants';
import type { MerchantStatements, SignalScope } from '../merchant/merchantStatements.ts';
import type { NormRow } from '../signals/normsTable.ts';
import { HIGH_RISK } from '../signals/signalScoresSql.ts';
import { merchantScopeSql } from '../compiler/merchantScope.ts';
import { portfolioSql } from '../merchant/portfolioSql.ts';
import { clickhouseDate, clickhouseNumber, clickhouseString } from './clickhouseLiteral.ts';
import { clickhouseContainsText } from './duckdbLowerCase.ts';

/** The scope's values as literals. */
interface Literals {
  org: string;
  day: string;
  /** `and merchant_id = …`, or nothing for every merchant. */
  merchant: string;
}

const literals = ({ orgId, today, merchantId }: SignalScope): Literals => ({
  org: clickhouseNumber(orgId),
  day: clickhouseDate(today),
  merchant: merchantId === null ? '' : ` and merchant_id = ${clickhouseNumber(merchantId)}`,
});

const greatest = (...values: string[]) => values.reduce((a, b) => `greatest(${a}, ${b})`);
const isSale = "auth_result = 'approved' and not is_refund";
/** The facts of the organisation (and merchant) in the 30 days ending today. */
const inWindow = (l: Literals) => `org_id = ${l.org}${l.merchant} and txn_date between ${l.day} - 29 and ${l.day}`;
const wholeHundred = 'amount >= 100 and toFloat64(amount) = floor(toFloat64(amount) / 100) * 100';
const minute = (column: string) => `formatDateTime(${column}, '%Y-%m-%d %H:%M')`;
const merchantMcc = (l: Literals) => `(select merchant_id, mcc from merchants where org_id = ${l.org}${l.merchant})`;
const closed = 'bitAnd(closed_mask, bitShiftLeft(toUInt32(1), hour)) != 0';
const NO_TICKET = 'CAST(NULL AS Nullable(Float64))';

function volumeSpike(l: Literals): string {
  const days = `select merchant_id, txn_date, toFloat64(count()) as n, toFloat64(sum(amount)) as v from transactions
    where org_id = ${l.org}${l.merchant} and ${isSale} and txn_date between ${l.day} - 59 and ${l.day} group by merchant_id, txn_date`;
  const before = `txn_date < ${l.day} - 29`;
  const own = `select merchant_id, sumIf(n, ${before}) / 30 as mean_n, sumIf(n * n, ${before}) / 30 as sq_n, sumIf(v, ${before}) / 30 as mean_v,
    sumIf(v * v, ${before}) / 30 as sq_v from (${days}) group by merchant_id`;
  // every merchant of the organisation, as DuckDB's baseline (a missing own row reads as 0s)
  const baseline = `select merchant_id, mcc, onboarded_on > ${l.day} - 60 as is_new, mean_n, sq_n, mean_v, sq_v
    from (select merchant_id, mcc, onboarded_on from merchants where org_id = ${l.org}) all left join (${own}) using merchant_id`;
  const mccNorm = `select mcc, avg(mean_n) as c_mean_n, stddevPop(mean_n) as c_sd_n, avg(mean_v) as c_mean_v, stddevPop(mean_v) as c_sd_v
    from (${baseline}) where not is_new group by mcc having count() >= 3`;
  const judged = `select merchant_id, if(is_new, c_mean_n, mean_n) as j_mean_n, if(is_new, c_sd_n, sqrt(greatest(sq_n - mean_n * mean_n, 0))) as j_sd_n,
    if(is_new, c_mean_v, mean_v) as j_mean_v, if(is_new, c_sd_v, sqrt(greatest(sq_v - mean_v * mean_v, 0))) as j_sd_v
    from (${baseline}) all left join (${mccNorm}) using mcc`;
  const byCount = `(n - j_mean_n) / ${greatest('j_sd_n', 'sqrt(j_mean_n)', '0.25 * j_mean_n', '1')}`;
  const byVolume = `(v - j_mean_v) / ${greatest('j_sd_v', '0.25 * j_mean_v', '2 * j_mean_v / greatest(j_mean_n, 1) * sqrt(greatest(j_mean_n, 1))')}`;
  return `select merchant_id, max(greatest(${byCount}, ${byVolume})) as score
    from (select merchant_id, n, v from (${days}) where txn_date >= ${l.day} - 29) all inner join (select * from (${judged}) where j_mean_n >= 1) using merchant_id
    group by merchant_id`;
}

const ticketDrift = (
  l: Literals,
  norms: string,
) => `select merchant_id, ticket / ${greatest('declared', 'ifNull(c_ticket, 0)', '0.01')} as score from (
    select merchant_id, ticket, declared, mcc from (
      select merchant_id, toFloat64(sum(amount)) / count() as ticket from transactions where ${inWindow(l)} and ${isSale} group by merchant_id having count() >= 20
    ) all inner join (select merchant_id, toFloat64(declared_avg_ticket) as declared, mcc from merchants where org_id = ${l.org}${l.merchant}) using merchant_id
  ) all left join (select mcc, ticket as c_ticket from ${norms}) using mcc`;

const roundAmounts = (l: Literals) => `select merchant_id, countIf(${wholeHundred}) / count() as score
  from transactions where ${inWindow(l)} and ${isSale} group by merchant_id having count() >= 10`;

const cardTestingHours = (
  l: Literals,
  by: string,
) => `select ${by}toStartOfHour(ts) as hour, count() as attempts, countIf(auth_result = 'declined') as declined,
    uniqExactIf(card_hash, auth_result = 'declined') as cards
  from transactions where ${inWindow(l)} and not card_present and not is_refund and amount < 5 group by ${by}hour`;

const cardTesting = (
  l: Literals,
) => `select merchant_id, if(countIf(declined >= 0.5 * attempts) = 0, NULL, maxIf(cards, declined >= 0.5 * attempts)) as score
  from (${cardTestingHours(l, 'merchant_id, ')}) group by merchant_id`;

/** The window's refunds whose sale is not the merchant's own, or paid another card (`found`: the sale exists). */
const mismatchedRefunds = (l: Literals) => `select merchant_id, tx_id, ts, amount, original_tx_id, found from (
    select merchant_id, tx_id, ts, amount, original_tx_id, card_hash, ifNull(original_tx_id, -1) as sale_id from transactions where ${inWindow(l)} and is_refund
  ) all left join (
    select merchant_id, tx_id as sale_id, card_hash as sale_card_hash, toUInt8(1) as found from transactions where org_id = ${l.org}${l.merchant}
      and tx_id in (select assumeNotNull(original_tx_id) from transactions where ${inWindow(l)} and is_refund and original_tx_id is not null)
  ) using (merchant_id, sale_id)
  where isNull(original_tx_id) or found = 0 or sale_card_hash != card_hash`;

const refundMismatch = (l: Literals) =>
  `select merchant_id, toFloat64(count()) as score from (${mismatchedRefunds(l)}) group by merchant_id`;

const highRiskIssuers = (
  l: Literals,
) => `select merchant_id, countIf(issuer_country in (${HIGH_RISK})) / count() as score
  from transactions where ${inWindow(l)} and ${isSale} group by merchant_id`;

/** Card-present sales of the window with their hour and the merchant's MCC, beside the MCC's closed hours. */
const salesByHour = (l: Literals, columns: string, join: 'inner' | 'left', norms: string) => `select * from (
    select * from (select merchant_id, toHour(ts) as hour${columns} from transactions where ${inWindow(l)} and card_present and ${isSale})
    all inner join ${merchantMcc(l)} using merchant_id
  ) all ${join} join (select mcc, closed_mask from ${norms}) using mcc`;

const offHours = (l: Literals, norms: string) => `select merchant_id, countIf(${closed}) / count() as score
  from (${salesByHour(l, '', 'left', norms)}) group by merchant_id having count() >= 20`;

const SCORES: Record<SignalId, (l: Literals, norms: string) => string> = {
  volume_spike: volumeSpike,
  ticket_drift: ticketDrift,
  round_amounts: roundAmounts,
  card_testing: cardTesting,
  refund_mismatch: refundMismatch,
  high_risk_issuers: highRiskIssuers,
  off_hours: offHours,
};

const sales = (l: Literals) => `from transactions where ${inWindow(l)} and ${isSale}`;

const EVIDENCE: Record<SignalId, (l: Literals, norms: string) => string> = {
  // A scalar subquery sits outside the query over the (possibly Distributed) facts: 18.16 loses its
  // column when a sharded query with order and limit carries one ("Not found column _subquery…").
  volume_spike: (l) => `select spike_day, sales, gsv,
      round((select count() from transactions where org_id = ${l.org}${l.merchant} and ${isSale} and txn_date between ${l.day} - 59 and ${l.day} - 30) / 30, 1)
    from (select toString(txn_date) as spike_day, toFloat64(count()) as sales, toFloat64(sum(amount)) as gsv
      ${sales(l)} group by txn_date order by count() desc, txn_date limit 5)
    order by sales desc, spike_day`,
  ticket_drift: (l) => `select sale_minute, toFloat64(amount), card_brand, entry_mode,
      (select toFloat64(declared_avg_ticket) from merchants where org_id = ${l.org}${l.merchant})
    from (select ${minute('ts')} as sale_minute, amount, tx_id, card_brand, entry_mode ${sales(l)} order by amount desc, tx_id limit 10)
    order by amount desc, tx_id`,
  round_amounts: (l) =>
    `select ${minute('ts')}, toFloat64(amount), card_brand, entry_mode ${sales(l)} and ${wholeHundred} order by ts, tx_id limit 25`,
  card_testing: (
    l,
  ) => `select ${minute('ts')}, toFloat64(amount), concat(substring(card_hash, 1, 6), '…'), decline_code from transactions
    where ${inWindow(l)} and not card_present and not is_refund and amount < 5 and auth_result = 'declined'
      and toStartOfHour(ts) = (select hour from (${cardTestingHours(l, '')} having declined >= 0.5 * attempts order by cards desc, hour limit 1))
    order by ts, tx_id limit 25`,
  refund_mismatch: (l) => `select ${minute('ts')}, toFloat64(amount), ifNull(toString(original_tx_id), '—'),
      if(isNull(original_tx_id) or found = 0, 'No original sale', 'Another card than the sale')
    from (${mismatchedRefunds(l)}) order by ts, tx_id limit 25`,
  high_risk_issuers: (
    l,
  ) => `select issuer_country, toFloat64(count()), toFloat64(sum(amount)), if(issuer_country in (${HIGH_RISK}), 'Yes', 'No')
    ${sales(l)} and is_cross_border group by issuer_country order by issuer_country in (${HIGH_RISK}) desc, count() desc, issuer_country limit 25`,
  off_hours: (l, norms) => `select ${minute('ts')}, toFloat64(amount), toString(terminal_id), entry_mode
    from (${salesByHour(l, ', ts, tx_id, amount, terminal_id, entry_mode', 'inner', norms)}) where ${closed} order by ts, tx_id limit 25`,
};

const MATCH_COLUMNS = 'merchant_id, mid, legal_name, dba_name, mcc, state_code';

const bookSql = (orgId: number, node: string) =>
  `select merchant_id from merchant_dim where ${merchantScopeSql(clickhouseNumber(orgId), clickhouseString(node))}`;

function header(orgId: number, merchantId: number): string {
  const of = `org_id = ${clickhouseNumber(orgId)} and merchant_id = ${clickhouseNumber(merchantId)}`;
  const merchant = `select merchant_id, mid, legal_name, dba_name, mcc, state_code, city, toString(onboarded_on) as onboarded, status, risk_tier,
    toFloat64(declared_avg_ticket) as declared from merchants where ${of}`;
  const withDim = `select * from (${merchant}) all inner join (select merchant_id, industry_group, region, pricing_plan_type from merchant_dim where ${of}) using merchant_id`;
  const withIndustry = `select * from (${withDim}) all inner join (select mcc, name as industry from industries) using mcc`;
  return `select merchant_id, mid, legal_name, dba_name, mcc, industry, industry_group, state_code, state, region, city, pricing_plan_type, onboarded, status,
      risk_tier, declared
    from (${withIndustry}) all inner join (select state_code, name as state from states) using state_code`;
}

/** The norms as DuckDB's MCC_NORMS_SQL gives them, from two kinds of rows (closed hours are picked here). */
function normsSql(orgId: number, today: string): string {
  const l = literals({ orgId, today, merchantId: null });
  const hours = `select mcc, hour, count() as n from (
      select merchant_id, toHour(ts) as hour from transactions
      where org_id = ${l.org} and card_present and ${isSale} and txn_date between ${l.day} - 209 and ${l.day} - 30
    ) all inner join ${merchantMcc(l)} using merchant_id group by mcc, hour`;
  return `select 'hours' as kind, mcc, groupArray(toUInt8(hour)) as hours, groupArray(toFloat64(n)) as counts, toFloat64(sum(n)) as total, ${NO_TICKET} as ticket
    from (${hours}) group by mcc having sum(n) >= 1000
  union all
  select 'ticket', mcc, emptyArrayUInt8(), emptyArrayFloat64(), toFloat64(0), if(sum(sales) = 0, ${NO_TICKET}, toNullable(toFloat64(sum(gsv)) / sum(sales)))
    from (select merchant_id, gsv, sales from merchant_daily where org_id = ${l.org} and day < ${l.day} - 29) all inner join ${merchantMcc(l)} using merchant_id
    group by mcc`;
}

function toNorms(rows: unknown[][]): NormRow[] {
  const norms = new Map<string, NormRow>();
  const of = (mcc: string) => norms.get(mcc) ?? norms.set(mcc, [mcc, [], null]).get(mcc)!;
  for (const [kind, mcc, hours, counts, total, ticket] of rows) {
    const norm = of(String(mcc));
    if (kind === 'ticket') norm[2] = ticket === null ? null : Number(ticket);
    else {
      // an hour without trade, or at most 0.1 % of the MCC's card-present sales (MCC_NORMS_SQL)
      const byHour = new Map(
        (hours as number[]).map((hour, index) => [Number(hour), Number((counts as number[])[index])]),
      );
      norm[1] = Array.from({ length: 24 }, (_, hour) => hour).filter(
        (hour) => (byHour.get(hour) ?? 0) <= 0.001 * Number(total),
      );
    }
  }
  return [...norms.values()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function normsTable(rows: readonly NormRow[]): string {
  if (rows.length === 0) return `(select '' as mcc, toUInt32(0) as closed_mask, ${NO_TICKET} as ticket limit 0)`;
  const tuples = rows.map(([mcc, hours, ticket]) => {
    const mask = hours.reduce((bits, hour) => bits | (2 ** Math.trunc(hour)), 0);
    return `tuple(${clickhouseString(mcc)}, toUInt32(${clickhouseNumber(mask)}), ${ticket === null ? NO_TICKET : `toNullable(toFloat64(${clickhouseNumber(ticket)}))`})`;
  });
  return `(select tupleElement(n, 1) as mcc, tupleElement(n, 2) as closed_mask, tupleElement(n, 3) as ticket from (select arrayJoin([${tuples.join(', ')}]) as n))`;
}

export const clickhouseMerchantStatements: MerchantStatements = {
  search: (orgId, node, text, limit) => {
    const search = clickhouseString(text);
    const book = node === null ? '' : `and merchant_id in (${bookSql(orgId, node)})`;
    return {
      sql: `select ${MATCH_COLUMNS} from merchants
        where org_id = ${clickhouseNumber(orgId)} and (startsWith(mid, ${search}) or ${clickhouseContainsText('dba_name', search)} or ${clickhouseContainsText('legal_name', search)})
        ${book}
        order by startsWith(mid, ${search}) desc, dba_name, merchant_id limit ${clickhouseNumber(Math.trunc(limit))}`,
      params: [],
    };
  },
  book: (orgId, node) => ({ sql: bookSql(orgId, node), params: [] }),
  header: (orgId, merchantId) => ({ sql: header(orgId, merchantId), params: [] }),
  merchantsById: (orgId, merchantIds) => ({
    sql: `select ${MATCH_COLUMNS} from merchants where org_id = ${clickhouseNumber(orgId)} and merchant_id in (${merchantIds.map(clickhouseNumber).join(', ')})`,
    params: [],
  }),
  portfolio: (orgId) => portfolioSql(orgId).map((sql) => ({ sql, params: [] })),
  norms: (orgId, today) => ({ sql: normsSql(orgId, today), params: [] }),
  toNorms,
  normsTable,
  score: (signal, norms, scope) => ({ sql: SCORES[signal](literals(scope), norms), params: [] }),
  // the signals side by side in one statement (UNION ALL runs its branches in parallel), each typed alike
  scores: (signals, norms, scope) => ({
    sql: signals
      .map(
        (signal) =>
          `select '${signal}', toInt64(merchant_id), toNullable(toFloat64(score)) from (${SCORES[signal](literals(scope), norms)})`,
      )
      .join(' union all '),
    params: [],
  }),
  evidence: (signal, norms, scope) => ({ sql: EVIDENCE[signal](literals(scope), norms), params: [] }),
};
