// The residuals calculation as SQL, written once for both engines: per merchant of a complete month, its
// income (the P&L's transaction fees + account fees), interchange and scheme fees, the Schedule A cost in
// force that month, the net, each level's payout and the house's remainder (README "Residuals").
// The shape suits ClickHouse 18.16 as well as DuckDB: one JOIN per SELECT (subqueries joined `using`),
// no WITH, no window functions; the few spellings that differ are the ResidualsDialect's.
// Money is whole cents (Int64) from the first step, Schedule A in 10⁻⁸ cents until one rounding per line,
// so every sum is exact and both engines give the same cents.
import type { Binder, Dialect } from '../compiler/dialect.ts';

export interface ResidualsDialect {
  readonly dialect: Dialect;
  /** A decimal (or a sum of them) × factor, as a whole Int64: rates in 10⁻⁴, money in cents. */
  scaled(expression: string, factor: number): string;
  /** Integer division of non-negative integers. */
  intDiv(dividend: string, divisor: string): string;
  /** An Int64 literal (ClickHouse joins only keys of one type). */
  bigint(value: number): string;
}

export const duckdbResiduals = (dialect: Dialect): ResidualsDialect => ({
  dialect,
  scaled: (expression, factor) => `cast(round(${expression} * ${factor}) as bigint)`,
  intDiv: (dividend, divisor) => `((${dividend}) // (${divisor}))`,
  bigint: (value) => `cast(${value} as bigint)`,
});

export const clickhouseResiduals = (dialect: Dialect): ResidualsDialect => ({
  dialect,
  // a decimal sum of cents read as Float64 is within 2⁻⁴⁰ of its value at any realistic size: round() is exact
  scaled: (expression, factor) => `toInt64(round(toFloat64(${expression}) * ${factor}))`,
  intDiv: (dividend, divisor) => `intDiv(${dividend}, ${divisor})`,
  bigint: (value) => `toInt64(${value})`,
});

/** Schedule A is summed in 10⁻⁸ cents: bps × 10⁴ times cents, dollars × 10⁴ times 10⁶. */
const SCHEDULE_UNIT = 100_000_000;

/** x ÷ d rounded half away from zero (d even), for an x of either sign. */
function roundDiv(r: ResidualsDialect, x: string, d: number): string {
  return `if(${x} >= 0, ${r.intDiv(`${x} + ${d / 2}`, String(d))}, -${r.intDiv(`-(${x}) + ${d / 2}`, String(d))})`;
}

/** The first day of the month after `month` ('YYYY-MM-01'). */
export function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 10);
}

/** Columns of one statement line, in order (answerResiduals.ts reads them by position). */
export const LINE_COLUMNS = [
  'mid',
  'dba_name',
  'agent_code',
  'sub_code',
  'sales_n',
  'gsv_c',
  'income_c',
  'ic_c',
  'sf_c',
  'schedule_c',
  'net_c',
  'agent_pct',
  'agent_pay',
  'sub_pct',
  'sub_pay',
  'house_c',
] as const;

interface LinesRequest {
  orgId: number;
  /** 'YYYY-MM-01', a complete month. */
  month: string;
  /**
   * A node's book as its agents' node ids (an agent's own id, a sub-ISO's agents'): only their merchants'
   * lines; null: every merchant's (the portfolio, house accounts included).
   */
  agents: readonly number[] | null;
}

/**
 * A book's conditions on the scans, so a statement reads its own merchants' rows and no other (an agent's
 * statement costs its book, not the portfolio): `inBook` on merchants (their agent is one of `agents`),
 * `bookMerchants` on a rollup keyed by merchant_id (ClickHouse then reads only those merchants' granules,
 * by its sort key). The agents' ids come as literals from the nodes the caller already read: a subquery
 * of portfolio_nodes here would cost ClickHouse 18.16 the analysis of three more nested statements.
 * Both empty for the portfolio (`agents` null).
 */
function bookConditions(r: ResidualsDialect, org: string, agents: readonly number[] | null) {
  if (agents === null) return { inBook: '', bookMerchants: '' };
  if (agents.length === 0 || !agents.every(Number.isSafeInteger))
    throw new Error(`Expected a book of agents' node ids, received ${JSON.stringify(agents)}`);
  const inBook = ` and ifNull(agent_id, ${r.bigint(0)}) in (${agents.map((id) => r.bigint(id)).join(', ')})`;
  return {
    inBook,
    bookMerchants: ` and merchant_id in (select merchant_id from merchants where org_id = ${org}${inBook})`,
  };
}

/** Every merchant line of the month (columns LINE_COLUMNS), ordered by mid; a book's only when `agents` is given. */
export function residualLinesSql(r: ResidualsDialect, request: LinesRequest, binder: Binder): string {
  const join = (left: string, right: string, keys: string, kind = r.dialect.leftJoin) =>
    `select * from (${left}) ${kind} (${right}) using (${keys})`;
  const org = binder.value(request.orgId, 'integer');
  const month = binder.value(request.month, 'date');
  const monthAfter = binder.value(nextMonth(request.month), 'date');
  const { inBook, bookMerchants } = bookConditions(r, org, request.agents);
  const activity = `select merchant_id, ${r.scaled('sum(gsv)', 100)} as gsv_c, ${r.scaled('sum(billed_fees)', 100)} as fees_c,
      ${r.scaled('sum(interchange)', 100)} as ic_c, ${r.scaled('sum(scheme_fees)', 100)} as sf_c,
      ${r.scaled('sum(sales)', 1)} as sales_n, ${r.scaled('sum(attempts)', 1)} as auth_n
    from merchant_daily
    where org_id = ${org} and day >= ${month} and day < ${monthAfter}${bookMerchants}
    group by merchant_id having sum(attempts) > 0`;
  const merchants = `select merchant_id, mid, dba_name, pricing_plan_id, ifNull(agent_id, ${r.bigint(0)}) as agent_key
    from merchants where org_id = ${org}${inBook}`;
  const plans = `select pricing_plan_id, ${r.scaled('monthly_fee', 100)} as monthly_c, ${r.scaled('pci_fee', 100)} as pci_c,
      ${r.scaled('min_discount', 100)} as min_c
    from pricing_plans where org_id = ${org}`;
  const agents = `select node_id as agent_key, code as agent_code_v, ifNull(parent_id, ${r.bigint(0)}) as sub_key_v
    from portfolio_nodes where org_id = ${org} and kind = 'agent'`;
  const subIsos = `select node_id as sub_key, code as sub_code_v from portfolio_nodes where org_id = ${org} and kind = 'sub_iso'`;
  const placed = `select *, ifNull(agent_code_v, '') as agent_code, ifNull(sub_key_v, ${r.bigint(0)}) as sub_key
    from (${join(join(join(activity, merchants, 'merchant_id', r.dialect.innerJoin), plans, 'pricing_plan_id', r.dialect.innerJoin), agents, 'agent_key')})`;

  // Schedule A: each fee code's latest rate on or before the month's first day, per node (0: the house)
  const rates = `select ifNull(node_id, ${r.bigint(0)}) as node_key, fee_code, basis, argMax(${r.scaled('rate', 10_000)}, effective_from) as rate_e4
    from schedule_a where org_id = ${org} and effective_from <= ${month} group by node_key, fee_code, basis`;
  const byBasis = (basis: string) => `sum(if(basis = '${basis}', rate_e4, 0))`;
  const schedules = `select node_key, ${byBasis('bps_of_volume')} as bps_e4, ${byBasis('per_authorisation')} as auth_e4,
      ${byBasis('per_settled_sale')} as settle_e4, ${byBasis('per_merchant_month')} as month_e4
    from (${rates}) group by node_key`;
  const schedule = (key: string, prefix: string) =>
    `select node_key as ${key}, 1 as ${prefix}_has, bps_e4 as ${prefix}_bps, auth_e4 as ${prefix}_auth, settle_e4 as ${prefix}_settle,
      month_e4 as ${prefix}_month from (${schedules})`;

  // Splits: per node and merchant ('' for the node's own row), the latest version on or before the
  // month's first day, its share switched to after_expiry_pct once expires_on has come
  const share = `if(ifNull(expires_on, ${monthAfter}) <= ${month}, ${r.scaled('ifNull(after_expiry_pct, share_pct)', 100)}, ${r.scaled('share_pct', 100)})`;
  const splits = `select node_id as split_key, ifNull(mid, '') as split_mid, argMax(${share}, effective_from) as pct_e2,
      argMax(basis, effective_from) as basis_v, argMax(net_negative, effective_from) as negative_v
    from residual_splits where org_id = ${org} and effective_from <= ${month} group by split_key, split_mid`;
  const split = (key: string, prefix: string, own: boolean) =>
    `select split_key as ${key}, ${own ? 'split_mid as mid, ' : ''}1 as ${prefix}_has, pct_e2 as ${prefix}_pct, basis_v as ${prefix}_basis,
      negative_v as ${prefix}_negative from (${splits}) where split_mid ${own ? "!= ''" : "= ''"}`;

  // the nearest schedule along the chain (the agent's own, the sub-ISO's, the house's), chosen before one join
  const scheduled = `select ifNull(node_id, ${r.bigint(0)}) from schedule_a where org_id = ${org} and effective_from <= ${month}`;
  const chosen = `select *, if(agent_key in (${scheduled}), agent_key, if(sub_key in (${scheduled}), sub_key, ${r.bigint(0)})) as schedule_key
    from (${join(placed, subIsos, 'sub_key')})`;
  let looked = join(chosen, schedule('schedule_key', 'sc'), 'schedule_key');
  looked = join(looked, split('agent_key', 'am', true), 'agent_key, mid');
  looked = join(looked, split('agent_key', 'ag', false), 'agent_key');
  looked = join(looked, split('sub_key', 'um', true), 'sub_key, mid');
  looked = join(looked, split('sub_key', 'ug', false), 'sub_key');

  // the merchant's own split before its node's
  const nearest = (column: string) => `ifNull(sc_${column}, 0)`;
  const ownFirst = (own: string, general: string, column: string, none: string) =>
    `if(ifNull(${own}_has, 0) = 1, ${own}_${column}, if(ifNull(${general}_has, 0) = 1, ${general}_${column}, ${none}))`;
  const cost = `gsv_c * ${nearest('bps')} + (auth_n * ${nearest('auth')} + sales_n * ${nearest('settle')} + ${nearest('month')}) * 1000000`;
  const priced = `select mid, dba_name, agent_code, ifNull(sub_code_v, '') as sub_code, sales_n, gsv_c, ic_c, sf_c,
      fees_c + monthly_c + pci_c + greatest(0, min_c - fees_c) as income_c, ${roundDiv(r, cost, SCHEDULE_UNIT)} as schedule_c,
      ${ownFirst('am', 'ag', 'pct', '0')} as agent_pct, ${ownFirst('am', 'ag', 'basis', "'net'")} as agent_basis,
      ${ownFirst('am', 'ag', 'negative', "'zero'")} as agent_negative,
      ${ownFirst('um', 'ug', 'pct', '0')} as sub_pct, ${ownFirst('um', 'ug', 'basis', "'net'")} as sub_basis,
      ${ownFirst('um', 'ug', 'negative', "'zero'")} as sub_negative
    from (${looked})`;
  const netted = `select *, income_c - ic_c - sf_c - schedule_c as net_c from (${priced})`;
  // share × net (× income on a gross split); nothing on a negative net when 'zero', the share of it when 'pass'
  const payout = (level: string) =>
    `if(net_c < 0 and ${level}_negative = 'zero', 0, ${roundDiv(r, `if(${level}_basis = 'gross', income_c, net_c) * ${level}_pct`, 10_000)})`;
  const paid = `select *, ${payout('agent')} as agent_pay, ${payout('sub')} as sub_pay from (${netted})`;
  return `select ${LINE_COLUMNS.slice(0, -1).join(', ')}, net_c - agent_pay - sub_pay as house_c from (${paid}) order by mid`;
}

/** The portfolio's sums of the month's lines: merchants, then LINE_COLUMNS' money and counts. */
export function residualTotalsSql(r: ResidualsDialect, request: LinesRequest, binder: Binder): string {
  // the counts (_n), cents (_c) and payouts, in LINE_COLUMNS' order
  const sums = LINE_COLUMNS.filter((column) => /_(n|c|pay)$/.test(column));
  return `select count(*) as merchants_n, ${sums.map((column) => `sum(${column}) as ${column}_total`).join(', ')}
    from (${residualLinesSql(r, request, binder)})`;
}

/** The month's adjustments: node, mid ('' for none), kind, cents, memo. */
export function residualAdjustmentsSql(r: ResidualsDialect, orgId: number, month: string, binder: Binder): string {
  return `select node_id, ifNull(mid, '') as adjusted_mid, kind, ${r.scaled('amount', 100)} as amount_c, memo from residual_adjustments
    where org_id = ${binder.value(orgId, 'integer')} and month = ${binder.value(month, 'date')} order by node_id, kind, amount_c`;
}

/** The organisation's portfolio nodes: id, kind, code, name, parent id (0 for none). */
export function portfolioNodesSql(r: ResidualsDialect, orgId: number, binder: Binder): string {
  return `select node_id, kind, code, name, ifNull(parent_id, ${r.bigint(0)}) as parent_key from portfolio_nodes
    where org_id = ${binder.value(orgId, 'integer')} order by code`;
}
