// The revenue optimizer's questions in ClickHouse 18.16's SQL: the same formulas as the DuckDB statements
// of src/optimizer/ (OPTIMIZER.md), answered alike (crossEngine.test.ts). What 18.16 changes:
// - no WITH of subqueries, one JOIN per SELECT: nested subqueries joined `using` renamed columns; a
//   name is never both a column and the alias of an aggregate over it (18.16 reads that as a cycle);
// - a CTE read by several kinds of rows ('total', 'bucket', …) would be computed once per reader: the P&L,
//   simulation and leakage gather their merchants into one row of arrays in one pass, and arrayJoin
//   unfolds every kind of row from it in DuckDB's layout (CLICKHOUSE.md, "Written for ClickHouse");
// - no quantile_cont: the P&L's 95th percentile interpolates the sorted rates as DuckDB does
//   (position (n − 1) × 0.95, lo + (hi − lo) × fraction); no VALUES: attrition rows are `transform`;
// - no FILTER (WHERE …): countIf and sumIf; multiIf for CASE chains; greatest and least take two arguments.
// Every statement reads the scope's merchants only (merchantScopeSql: a scoped caller's book, Q1).
// Sums leave as Float64 after exact Decimal sums, as DuckDB's `sum(x)::double`; money totals in cents.
import { LEAKAGE_CAUSES, type ScenarioDefinition, type Segment } from '@payportal/shared/optimizer';
import type { Binder } from '../compiler/dialect.ts';
import { boundMerchantScopeSql, type MerchantScope } from '../compiler/merchantScope.ts';
import { accountFeesSql } from '../optimizer/merchantMonthsSql.ts';
import type { OptimizerPeriod } from '../optimizer/optimizerPeriod.ts';
import type { OptimizerStatements } from '../optimizer/optimizerStatements.ts';
import { REGULATORY_RULES } from '../optimizer/regulatorySql.ts';
import { segmentCondition } from '../optimizer/segmentSql.ts';
import { clickhouseContainsText } from './duckdbLowerCase.ts';

/** The segment's condition on merchant_dim `d` (18.16 spells true as 1). */
function segmentSql(segment: Segment, binder: Binder): string {
  const condition = segmentCondition(segment, binder, 'd');
  return condition === 'true' ? '1' : condition;
}

/** The scope's merchants of the segment in merchant_dim `d`. */
const merchantsSql = (scope: MerchantScope, segment: Segment, binder: Binder) =>
  `merchant_dim as d where ${boundMerchantScopeSql(scope, binder, 'd')} and ${segmentSql(segment, binder)}`;

/** Each merchant of the scope and segment with its plan's prices (DuckDB's merchant_plans). */
function plansSql(scope: MerchantScope, segment: Segment, binder: Binder): string {
  const org = binder.value(scope.orgId, 'integer');
  return `select merchant_id, mid, dba_name, industry_group, region, size_tier, plan_type, markup_bps, per_item, monthly_fee, pci_fee, min_discount from (
      select merchant_id, mid, dba_name, industry_group, region, size_tier, pricing_plan_type as plan_type, pricing_plan_id from (
        select * from ${merchantsSql(scope, segment, binder)}
      ) all inner join (select merchant_id, pricing_plan_id from merchants where org_id = ${org}) using merchant_id
    ) all inner join (
      select pricing_plan_id, markup_bps, toFloat64(per_item) as per_item, toFloat64(monthly_fee) as monthly_fee, toFloat64(pci_fee) as pci_fee,
        toFloat64(min_discount) as min_discount from pricing_plans where org_id = ${org}
    ) using pricing_plan_id`;
}

/** Per merchant and complete month with an authorisation attempt (a declined one pays scheme fees too), the rollup's sums (suffixed _m) beside the merchant's plan. */
function merchantMonthsSql(scope: MerchantScope, period: OptimizerPeriod, segment: Segment, binder: Binder): string {
  const org = binder.value(scope.orgId, 'integer');
  const months = `select merchant_id, toStartOfMonth(day) as month, toFloat64(sum(sales)) as sales_m, toFloat64(sum(gsv)) as gsv_m,
      toFloat64(sum(interchange)) as ic_m, toFloat64(sum(scheme_fees)) as sf_m, toFloat64(sum(billed_fees)) as fees_m
    from merchant_daily
    where org_id = ${org} and day >= ${binder.value(period.from, 'date')} and day < ${binder.value(period.to, 'date')}
      and merchant_id in (select merchant_id from ${merchantsSql(scope, segment, binder)})
    group by merchant_id, month having sum(attempts) > 0`;
  return `select * from (${months}) all inner join (${plansSql(scope, segment, binder)}) using merchant_id`;
}

/** The P&L's sort columns, numeric ones as Float64 so one key type serves both directions. */
const PNL_SORT = {
  name: 'dba_name',
  gsv: 'gsv',
  transactionFees: 'transaction_fees',
  accountFees: 'account_fees',
  billedFees: 'billed_fees',
  interchange: 'ic',
  schemeFees: 'sf',
  netRevenue: 'net_revenue',
  netRateBps: 'rate',
} as const;

const PNL_BUCKETS = ['< 0', '0–25', '25–50', '50–100', '100–150', '150–200', '≥ 200'] as const;
const PNL_BUCKET_BOUNDS = [0, 25, 50, 100, 150, 200];

/** The merchant columns of a P&L row, gathered into one array each (DuckDB's PNL_ROW_COLUMNS, in order). */
const PNL_ROW_ARRAYS = [
  'merchant_id',
  'mid',
  'dba_name',
  'industry_group',
  'region',
  'size_tier',
  'plan_type',
  'gsv',
  'sales',
  'transaction_fees',
  'account_fees',
  'billed_fees',
  'ic',
  'sf',
  'net_revenue',
] as const;
const PNL_TOTALS = ['gsv', 'transaction_fees', 'account_fees', 'billed_fees', 'ic', 'sf', 'net_revenue'] as const;

/**
 * The P&L in one statement and one pass over the rollup: the portfolio's merchants are gathered into
 * arrays (a few thousand elements), and the percentile, flags, distribution and the sorted page are
 * array functions over them; `arrayJoin` then unfolds the total, the buckets and the page into DuckDB's
 * row layout (k = 0 the total, k < 0 a bucket, k > 0 a merchant's index). 18.16's lambdas cannot read a
 * column, so the threshold reaches them as an array of itself (`arrayResize`).
 */
function pnl(
  scope: MerchantScope,
  period: OptimizerPeriod,
  request: Parameters<OptimizerStatements['pnl']>[2],
  binder: Binder,
): string[] {
  const search = request.search
    ? clickhouseContainsText("concat(dba_name, ' ', mid)", binder.value(request.search, 'string'))
    : '1';
  const perMerchant = `select merchant_id, mid, dba_name, industry_group, region, size_tier, plan_type, sum(gsv_m) as gsv, sum(sales_m) as sales,
      sum(fees_m) as transaction_fees, sum(${accountFeesSql('monthly_fee', 'pci_fee', 'min_discount', 'fees_m')}) as account_fees, sum(ic_m) as ic, sum(sf_m) as sf
    from (${merchantMonthsSql(scope, period, request.segment, binder)})
    group by merchant_id, mid, dba_name, industry_group, region, size_tier, plan_type`;
  // rate: the net effective rate where the merchant has GSV (has_rate), else 0 and never read as a rate
  const rated = `select *, transaction_fees + account_fees as billed_fees, transaction_fees + account_fees - ic - sf as net_revenue, gsv > 0 as has_rate,
      if(gsv > 0, (transaction_fees + account_fees - ic - sf) / gsv * 10000, 0) as rate, ${search} as found
    from (${perMerchant})`;
  // the page's order as one key: nulls (no rate) last, ties by merchant; a descending page sorts in reverse with the merchant negated
  const descending = request.direction !== 'asc';
  const column = PNL_SORT[request.sort];
  const nullLast = column === 'rate' ? (descending ? 'has_rate' : 'not has_rate') : '0';
  const value = column === 'dba_name' ? column : `toFloat64(${column})`;
  const key = `tuple(${nullLast}, ${value}, ${descending ? '-' : ''}toInt64(merchant_id))`;
  const bucketOf = (index: number) =>
    index === 0
      ? `has_rate and rate < ${PNL_BUCKET_BOUNDS[0]}`
      : index === PNL_BUCKETS.length - 1
        ? `has_rate and rate >= ${PNL_BUCKET_BOUNDS[index - 1]}`
        : `has_rate and rate >= ${PNL_BUCKET_BOUNDS[index - 1]} and rate < ${PNL_BUCKET_BOUNDS[index]}`;
  const portfolio = `select ${PNL_ROW_ARRAYS.map((name) => `groupArray(${name}) as ${name}_a`).join(', ')},
      groupArray(has_rate) as has_rate_a, groupArray(rate) as rate_a, groupArray(found) as found_a, groupArray(${key}) as key_a,
      arraySort(groupArrayIf(rate, has_rate)) as r, toFloat64(count()) as merchants,
      ${PNL_TOTALS.map((name) => `round(sum(${name}), 2) as ${name}_t`).join(', ')},
      [${PNL_BUCKETS.map((_, index) => `toFloat64(countIf(${bucketOf(index)}))`).join(', ')}] as buckets
    from (${rated})`;
  // DuckDB's quantile_cont(net_rate, 0.95): position (n − 1) × 0.95 in the sorted rates, interpolated
  const threshold = `select *, if(length(r) = 0, nan, r[toUInt64(floor(p)) + 1] + (r[toUInt64(floor(p)) + 2] - r[toUInt64(floor(p)) + 1]) * (p - floor(p))) as over_bps
    from (select *, (length(r) - 1) * 0.95 as p from (${portfolio}))`;
  const flagged = `select *, arrayMap((net, has, rate, t) -> multiIf(net < 0, 'under', has and rate > t, 'over', ''), net_revenue_a, has_rate_a, rate_a,
      arrayResize(emptyArrayFloat64(), length(rate_a), over_bps)) as flag_a
    from (${threshold})`;
  const wanted = request.flag === 'all' ? 'found' : `found and flag = ${binder.value(request.flag, 'string')}`;
  const sort = descending ? 'arrayReverseSort' : 'arraySort';
  const matched = `select *, arrayMap((flag, found) -> ${wanted}, flag_a, found_a) as match_a from (${flagged})`;
  // the matching merchants' indices in the page's order, the first `limit` of them
  const paged = `select *, arraySlice(arrayFilter((i, m) -> m, ${sort}((i, k) -> k, arrayEnumerate(key_a), key_a), ${sort}((m, k) -> k, match_a, key_a)),
      1, ${binder.value(request.limit, 'integer')}) as page
    from (${matched})`;
  const rowCell = (name: string) => `if(k > 0, ${name}_a[k], NULL)`;
  return [
    `select multiIf(k = 0, 'total', k < 0, 'bucket', 'row'), if(k < 0, [${PNL_BUCKETS.map((label) => `'${label}'`).join(', ')}][-k], NULL),
      multiIf(k = 0, merchants, k < 0, buckets[-k], NULL),
      ${PNL_TOTALS.map((name) => `if(k = 0, ${name}_t, NULL)`).join(', ')},
      if(k = 0, toFloat64(countEqual(flag_a, 'under')), NULL), if(k = 0, toFloat64(countEqual(flag_a, 'over')), NULL),
      if(k = 0 and not isNaN(over_bps), over_bps, NULL), if(k = 0, toFloat64(arraySum(match_a)), NULL),
      if(k > 0, toFloat64(merchant_id_a[k]), NULL), ${PNL_ROW_ARRAYS.slice(1).map(rowCell).join(', ')},
      if(k > 0 and has_rate_a[k], rate_a[k], NULL), if(k > 0 and flag_a[k] != '', flag_a[k], NULL)
    from (select *, arrayJoin(arrayConcat([0, ${PNL_BUCKETS.map((_, index) => -(index + 1)).join(', ')}], page)) as k from (${paged}))`,
  ];
}

/** Per merchant: the repricing's uplift, its rate change and the hazards before and after (DuckDB's `sim`). */
function simulationSql(
  scope: MerchantScope,
  period: OptimizerPeriod,
  definition: ScenarioDefinition,
  binder: Binder,
): string {
  const { actions } = definition;
  const num = (value: number) => binder.value(value, 'number');
  const move = actions.moveToIcPlusPlus;
  const newFees =
    `(${move ? `if(plan_type != 'ic_plus_plus', ic_m + sf_m + gsv_m * ${num(move.markupBps)} / 10000 + sales_m * ${num(move.perItem)}, fees_m)` : 'fees_m'}` +
    ` + gsv_m * ${num(actions.markupBps)} / 10000 + sales_m * ${num(actions.perItem)})`;
  const newMinimum =
    actions.minimumDiscount === null ? 'min_discount' : `greatest(min_discount, ${num(actions.minimumDiscount)})`;
  const priced = `select merchant_id, mid, dba_name, size_tier, plan_type, gsv_m, ic_m, sf_m, fees_m + ${accountFeesSql('monthly_fee', 'pci_fee', 'min_discount', 'fees_m')} as billed_before,
      ${newFees} + ${accountFeesSql(`monthly_fee + ${num(actions.monthlyFee)}`, `pci_fee + ${num(actions.pciFee)}`, newMinimum, newFees)} as billed_after
    from (${merchantMonthsSql(scope, period, definition.segment, binder)})`;
  const perMerchant = `select merchant_id, mid, dba_name, size_tier, plan_type, sum(gsv_m) as gsv, sum(billed_before) - sum(ic_m) - sum(sf_m) as base_net,
      sum(billed_after) - sum(billed_before) as raw_uplift
    from (${priced}) group by merchant_id, mid, dba_name, size_tier, plan_type`;
  const cap = actions.capBps === null ? null : num(actions.capBps);
  const capped = `select *, ${cap === null ? 'raw_uplift' : `if(gsv > 0, least(raw_uplift, gsv * ${cap} / 10000), raw_uplift)`} as uplift from (${perMerchant})`;
  const tiers = `[${definition.attrition.map((row) => binder.value(row.sizeTier, 'string')).join(', ')}]`;
  const byTier = (values: number[]) =>
    `transform(size_tier, ${tiers}, [${values.map((value) => `toFloat64(${num(value)})`).join(', ')}], toFloat64(0))`;
  // An uplift under half a cent is float dust (a merchant on its minimum before and after): no change.
  const judged = `select merchant_id, mid, dba_name, size_tier, plan_type, gsv, base_net, uplift,
      if(gsv > 0 and abs(uplift) >= 0.005, uplift / gsv * 10000, 0) as rate_change,
      ${byTier(definition.attrition.map((row) => row.baseHazard))} as h0, ${byTier(definition.attrition.map((row) => row.beta))} as beta
    from (${capped}) where has(${tiers}, size_tier)`;
  return `select merchant_id, mid, dba_name, size_tier, plan_type, gsv, base_net, uplift, rate_change, h0, least(1, h0 + beta * greatest(0, rate_change)) as h1
    from (${judged})`;
}

const MERCHANT_COLUMNS =
  'toFloat64(merchant_id), mid, dba_name, size_tier, plan_type, gsv, base_net, uplift, rate_change, h0, h1';

const SIMULATION_BUCKET = `multiIf(rate_change <= 0, '≤ 0', rate_change < 5, '0–5', rate_change < 10, '5–10', rate_change < 25, '10–25', rate_change < 50, '25–50',
  rate_change <= 100, '50–100', '> 100')`;

/** Causes as leakageSql.ts reads them (first match wins); a null never matches, as DuckDB's CASE. */
const LEAKAGE_CAUSE = `multiIf(settle_delay_days >= 2, 'late_settlement',
    avs_result = 'not_requested' and entry_mode in ('keyed', 'ecom', 'recurring'), 'missing_avs',
    ifNull(auth_amount != amount and not (toFloat64(amount) >= toFloat64(auth_amount) and toFloat64(amount) <= toFloat64(auth_amount) * (1 + tip_tolerance)), 0), 'auth_settle_mismatch',
    card_tier = 'commercial' and ifNull(level3_data, 0) = 0, 'commercial_without_level_data',
    not is_downgraded and has_program = 1, 'cheaper_program', 'other')`;

const CAUSES = `[${LEAKAGE_CAUSES.map((cause) => `'${cause}'`).join(', ')}]`;

/**
 * Leakage in one statement and one scan of the sales: per merchant, each cause's leak and sales side by side
 * (sumIf, countIf), then the portfolio as one row of arrays: the causes' totals (sumForEach) and the
 * merchants ranked by their leak, unfolded by arrayJoin into DuckDB's rows.
 */
function leakage(
  scope: MerchantScope,
  period: OptimizerPeriod,
  months: number,
  topMerchants: number,
  binder: Binder,
): string[] {
  const org = binder.value(scope.orgId, 'integer');
  const sales = `select merchant_id, settle_delay_days, avs_result, entry_mode, auth_amount, amount, card_tier, level3_data, is_downgraded, target_program_id,
      interchange_fee - target_interchange_fee as leak_one
    from transactions prewhere interchange_program_id != target_program_id and not is_refund
    where org_id = ${org} and txn_date >= ${binder.value(period.from, 'date')} and txn_date < ${binder.value(period.to, 'date')}
      and auth_result = 'approved'`;
  const withMcc = `select * from (${sales}) all inner join (
      select merchant_id, mcc, tip_tolerance from (select merchant_id, mcc from merchant_dim where ${boundMerchantScopeSql(scope, binder)}) all inner join (select mcc, tip_tolerance from industries) using mcc
    ) using merchant_id`;
  // a null condition never matches (so the cause is never null, though 18.16 types it Nullable)
  const leaking = `select merchant_id, assumeNotNull(${LEAKAGE_CAUSE}) as cause, leak_one from (${withMcc}) all left join (
      select program_id as target_program_id, mcc, toUInt8(1) as has_program from interchange_program_mccs
    ) using (target_program_id, mcc)`;
  // per merchant, each cause's leak (an exact Decimal sum) and sales at the cause's place in LEAKAGE_CAUSES
  const perCause = (aggregate: (cause: string) => string) =>
    `[${LEAKAGE_CAUSES.map((cause) => aggregate(`'${cause}'`)).join(', ')}]`;
  const byMerchant = `select merchant_id, ${perCause((cause) => `toFloat64(sumIf(leak_one, cause = ${cause}))`)} as leaks,
      ${perCause((cause) => `toFloat64(countIf(cause = ${cause}))`)} as counts, toFloat64(sum(leak_one)) as total_leak
    from (${leaking}) group by merchant_id`;
  // DuckDB's by_merchant: the leak (summed exactly), the cause of the largest leak and its share
  const judged = `select merchant_id, leaks, counts, total_leak, arraySum(counts) as total_sales,
      arrayReduce('max', arrayMap((l, c) -> if(c > 0, l, -inf), leaks, counts)) as main_leak
    from (${byMerchant})`;
  const portfolio = `select sumForEach(leaks) as cause_leaks, sumForEach(counts) as cause_sales, groupArrayIf(merchant_id, total_leak > 0) as ids,
      groupArrayIf(total_leak, total_leak > 0) as leak_a, groupArrayIf(total_sales, total_leak > 0) as sales_a,
      groupArrayIf(${CAUSES}[indexOf(arrayMap((l, c) -> if(c > 0, l, -inf), leaks, counts), main_leak)], total_leak > 0) as main_a,
      groupArrayIf(if(total_leak > 0, main_leak / total_leak, 0), total_leak > 0) as share_a
    from (${judged})`;
  // k < 0: a cause's row (its place in LEAKAGE_CAUSES); k > 0: the merchant at that place in the arrays, largest leak first
  const top = `arraySlice(arrayReverseSort((i, key) -> key, arrayEnumerate(ids), arrayMap((l, id) -> tuple(l, -toInt64(id)), leak_a, ids)), 1, ${topMerchants})`;
  const unfolded = `select position, k, if(k > 0, ids[k], toInt64(0)) as merchant_id, if(k < 0, ${CAUSES}[-k], main_a[k]) as label,
      if(k < 0, round(cause_leaks[-k], 2), round(leak_a[k] / ${binder.value(months, 'number')}, 2)) as leak, if(k < 0, cause_sales[-k], sales_a[k]) as sales,
      if(k > 0, share_a[k], NULL) as share
    from (select *, arrayJoin(arrayEnumerate(ks)) as position, ks[position] as k
      from (select *, arrayConcat([${LEAKAGE_CAUSES.map((_, index) => -(index + 1)).join(', ')}], ${top}) as ks from (${portfolio})))`;
  return [
    `select if(k < 0, 'cause', 'merchant'), label, leak, sales, share, if(k > 0, toFloat64(merchant_id), NULL), if(k > 0, mid, NULL), if(k > 0, dba_name, NULL)
    from (${unfolded}) any left join (select merchant_id, mid, dba_name from merchant_dim where org_id = ${org}) using merchant_id
    order by position`,
  ];
}

function regulatory(scope: MerchantScope, period: OptimizerPeriod, binder: Binder): string[] {
  const org = binder.value(scope.orgId, 'integer');
  const sales = `select toFloat64(sale_amount) as amount, toFloat64(sale_ic) as ic, card_type, card_tier, is_cross_border, card_present, regulated_debit,
      pricing_plan_type as plan_type
    from (
      select merchant_id, amount as sale_amount, interchange_fee as sale_ic, card_type, card_tier, is_cross_border, card_present, regulated_debit from transactions
      where org_id = ${org} and txn_date >= ${binder.value(period.from, 'date')} and txn_date < ${binder.value(period.to, 'date')}
        and auth_result = 'approved' and not is_refund
    ) all inner join (select merchant_id, pricing_plan_type from merchant_dim where ${boundMerchantScopeSql(scope, binder)}) using merchant_id`;
  return Object.entries(REGULATORY_RULES).map(
    ([scenario, rule]) => `select '${scenario}', toFloat64(count()), round(sum(amount), 2), round(sum(new_ic - ic), 2),
      round(sumIf(new_ic - ic, plan_type = 'ic_plus_plus'), 2), round(-sumIf(new_ic - ic, plan_type != 'ic_plus_plus'), 2)
    from (select *, ${rule.interchange} as new_ic from (${sales}) where ${rule.applies})`,
  );
}

function segments(scope: MerchantScope, binder: Binder): string[] {
  const merchants = boundMerchantScopeSql(scope, binder);
  return [
    `select 'group', industry_group, industry_group, NULL from merchant_dim where ${merchants} group by industry_group order by industry_group`,
    `select 'industry', mcc, name, industry_group from (select distinct mcc, industry_group from merchant_dim where ${merchants})
      all inner join (select mcc, name from industries) using mcc order by name`,
    `select 'region', region, region, NULL from merchant_dim where ${merchants} group by region order by region`,
    `select 'state', state_code, name, region from (select distinct state_code, region from merchant_dim where ${merchants})
      all inner join (select state_code, name from states) using state_code order by name`,
  ];
}

const SIMULATION_BUCKETS = ['≤ 0', '0–5', '5–10', '10–25', '25–50', '50–100', '> 100'] as const;

/**
 * The simulation's total, distribution and merchants over the tolerance in one statement over one
 * simulation: its merchants gathered into arrays in merchant order (so each sum adds in DuckDB's
 * `order by merchant_id`), unfolded by arrayJoin into DuckDB's rows (k = 0 the total, k < 0 a bucket,
 * k > 0 a merchant's place in the arrays).
 */
function simulate(
  scope: MerchantScope,
  period: OptimizerPeriod,
  definition: ScenarioDefinition,
  topMerchants: number,
  binder: Binder,
): string[] {
  const tolerance = binder.value(definition.toleranceBps, 'number');
  const inOrder = (expression: string) =>
    `arraySort((v, id) -> id, groupArray(${expression}), groupArray(merchant_id))`;
  const columns = [
    'merchant_id',
    'mid',
    'dba_name',
    'size_tier',
    'plan_type',
    'gsv',
    'base_net',
    'uplift',
    'rate_change',
    'h0',
    'h1',
  ];
  const portfolio = `select ${columns.map((column) => `${inOrder(column)} as ${column}_a`).join(', ')}, ${inOrder(SIMULATION_BUCKET)} as bucket_a,
      ${inOrder('uplift * (1 - h0 / 2)')} as gross_a, ${inOrder('(base_net + uplift) * (h1 - h0) / 2')} as attrition_a
    from (${simulationSql(scope, period, definition, binder)})`;
  const over = `arraySlice(arrayReverseSort((i, key) -> key, arrayFilter((i, r) -> r > ${tolerance}, arrayEnumerate(merchant_id_a), rate_change_a),
      arrayFilter((key, r) -> r > ${tolerance}, arrayMap((r, id) -> tuple(round(r, 6), -toInt64(id)), rate_change_a, merchant_id_a), rate_change_a)), 1, ${topMerchants})`;
  const labels = `[${SIMULATION_BUCKETS.map((label) => `'${label}'`).join(', ')}]`;
  const total = [
    'toFloat64(length(merchant_id_a))',
    'arraySum(gsv_a)',
    'arraySum(base_net_a)',
    'toFloat64(arrayCount(u -> abs(u) >= 0.005, uplift_a))',
    `toFloat64(arrayCount(r -> r > ${tolerance}, rate_change_a))`,
    'arraySum(gross_a)',
    'arraySum(attrition_a)',
  ];
  const buckets = `[${SIMULATION_BUCKETS.map((label) => `toFloat64(countEqual(bucket_a, '${label}'))`).join(', ')}] as bucket_counts,
      [${SIMULATION_BUCKETS.map((label) => `arraySum(arrayFilter((g, b) -> b = '${label}', gsv_a, bucket_a))`).join(', ')}] as bucket_gsv`;
  const bucket = ['bucket_counts[-k]', 'bucket_gsv[-k]'];
  return [
    `select multiIf(k = 0, 'total', k < 0, 'bucket', 'over'), if(k < 0, ${labels}[-k], NULL),
      ${total.map((cell, index) => (index < 2 ? `multiIf(k = 0, ${cell}, k < 0, ${bucket[index]}, NULL)` : `if(k = 0, ${cell}, NULL)`)).join(', ')},
      ${columns.map((column) => `if(k > 0, ${column === 'merchant_id' ? `toFloat64(${column}_a[k])` : `${column}_a[k]`}, NULL)`).join(', ')}
    from (select *, arrayJoin(arrayConcat([0, ${SIMULATION_BUCKETS.map((_, index) => -(index + 1)).join(', ')}], ${over})) as k, ${buckets} from (${portfolio}))`,
  ];
}

export const clickhouseOptimizerStatements: OptimizerStatements = {
  segments,
  pnl,
  simulate,
  affected: (scope, period, definition, binder) => [
    `select ${MERCHANT_COLUMNS} from (${simulationSql(scope, period, definition, binder)}) where abs(uplift) >= 0.005 order by round(uplift, 6) desc, merchant_id`,
  ],
  leakage,
  regulatory,
};
