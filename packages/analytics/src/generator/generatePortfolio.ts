// The portfolio hierarchy (generator version 6): the organisation (the ISO) sells through sub-ISOs,
// each with agents, each agent with a book of merchants; about 15 % of merchants are house accounts
// with no agent. Written to portfolio_nodes, and each merchant's agent into the temp table
// gen_merchant_agents, which generateMerchants reads when it writes merchants.agent_id.
// Every draw comes from ctx.portfolioSeed (PORTFOLIO_STREAM), so adding the hierarchy moved no other
// table's values.
import type { DuckDBConnection } from '@duckdb/node-api';
import { NAME_PREFIXES } from './merchantNames.ts';
import { MERCHANT_ID_BASE, NODE_ID_BASE, type GenerationContext } from './generationContext.ts';
import { uniform } from './random.ts';
import { sqlList } from './sql.ts';

/** Share of merchants kept by the house (no agent). */
export const HOUSE_SHARE = 0.15;
/** Pareto shape of agents' book weights: a long tail (a few agents hold most merchants). */
const BOOK_PARETO_ALPHA = 1.16;
/** The largest weight, so one agent never swallows a small portfolio whole (the smallest is 1,000). */
const BOOK_WEIGHT_CAP = 40_000;

export const AGENT_NAME_SUFFIXES = [
  'Payments',
  'Merchant Services',
  'Card Services',
  'Processing',
  'Payment Solutions',
  'Commerce',
  'Bankcard',
  'Pay',
] as const;
export const SUB_ISO_NAME_WORDS = [
  'Northeast',
  'Southeast',
  'Midwest',
  'Mountain',
  'Pacific',
  'Gulf Coast',
  'Great Lakes',
  'Atlantic',
  'Heartland',
  'Sunbelt',
] as const;
export const SUB_ISO_NAME_SUFFIXES = ['Merchant Group', 'Payment Partners', 'Acquiring', 'Card Alliance'] as const;

/** How many sub-ISOs and agents a portfolio of this many merchants has (the issue's sizes). */
export function portfolioSizes(merchantCount: number): { subIsos: number; agents: number } {
  return {
    subIsos: Math.max(2, Math.ceil(merchantCount / 500)),
    agents: Math.max(3, Math.round(merchantCount / 25)),
  };
}

/** A name spreading over both word lists: the combination (97 i + offset) mod n is distinct for i < n as
 * 97 is prime to both lists' n (240 and 40), then a number once every combination is used. */
function nameSql(index: string, offset: string, first: readonly string[], second: readonly string[]): string {
  const combos = first.length * second.length;
  if (combos % 97 === 0) throw new Error('generatePortfolio: 97 must be prime to the number of names');
  const i = `((97 * ${index} + ${offset}) % ${combos})`;
  return `${sqlList(first)}[1 + ${i} % ${first.length}] || ' ' || ${sqlList(second)}[1 + ${i} // ${first.length}]
    || case when ${index} >= ${combos} then ' ' || (1 + ${index} // ${combos})::varchar else '' end`;
}

export async function generatePortfolio(connection: DuckDBConnection, ctx: GenerationContext): Promise<void> {
  const { subIsos, agents } = portfolioSizes(ctx.merchantCount);
  const seed = ctx.portfolioSeed;
  const org = ctx.orgId;
  const nodeBase = `${org}::bigint * ${NODE_ID_BASE}`;
  const offset = (words: number) => `floor(${uniform(`${org}, ${words}`, 'portfolioNames', seed)} * ${words})::bigint`;
  // Sub-ISO n is node n; agent k is node subIsos + k. Agent k ≤ subIsos belongs to sub-ISO k (each
  // sub-ISO has one); the others to a sub-ISO drawn with a lean towards the first ones (their sizes differ).
  await connection.run(`insert into portfolio_nodes (org_id, node_id, parent_id, kind, code, name, upload_id)
    select ${org}, ${nodeBase} + n, null, 'sub_iso', printf('SUB-%03d', n),
      ${nameSql('(n - 1)', offset(SUB_ISO_NAME_WORDS.length * SUB_ISO_NAME_SUFFIXES.length), SUB_ISO_NAME_WORDS, SUB_ISO_NAME_SUFFIXES)}, null
    from range(1, ${subIsos + 1}) t(n)
    union all
    select ${org}, ${nodeBase} + ${subIsos} + k,
      ${nodeBase} + case when k <= ${subIsos} then k else 1 + floor(${subIsos} * pow(${uniform('k', 'portfolioParent', seed)}, 1.6))::bigint end,
      'agent', printf('AGT-%04d', k),
      ${nameSql('(k - 1)', offset(NAME_PREFIXES.length * AGENT_NAME_SUFFIXES.length), NAME_PREFIXES, AGENT_NAME_SUFFIXES)}, null
    from range(1, ${agents + 1}) t(k)`);
  // Books by exact allocation (as sales are to merchants): the non-house merchants in a drawn order,
  // agent k taking the next base + ⌊E·cumₖ/W⌋ − ⌊E·cumₖ₋₁/W⌋ of them, where the weights are Pareto draws
  // (integers, so the prefix sums are exact), base is 1 when there are enough merchants for every agent
  // to have one, and E is what is left after the bases.
  await connection.run(`create or replace temp table gen_merchant_agents as
    with agent_weights as (
      select k, least(${BOOK_WEIGHT_CAP}, floor(1000 * pow(1 - ${uniform('k', 'portfolioBook', seed)}, -1 / ${BOOK_PARETO_ALPHA})))::hugeint as w
      from range(1, ${agents + 1}) t(k)
    ),
    members as (
      select ${org}::bigint * ${MERCHANT_ID_BASE} + n as merchant_id,
        row_number() over (order by ${uniform('n', 'portfolioOrder', seed)}, n) - 1 as r
      from range(1, ${ctx.merchantCount + 1}) t(n)
      where ${uniform('n', 'portfolioHouse', seed)} >= ${HOUSE_SHARE}
    ),
    totals as (
      select (select count(*) from members)::hugeint as members, sum(w) as weight from agent_weights
    ),
    shape as (
      select case when members >= ${agents} then 1 else 0 end::hugeint as base, weight,
        members - ${agents} * case when members >= ${agents} then 1 else 0 end as extra from totals
    ),
    cumulative as (
      select k, sum(w) over (order by k) as cum_to, sum(w) over (order by k) - w as cum_from from agent_weights
    ),
    books as (
      select k, (k - 1) * base + (extra * cum_from) // weight as first_rank,
        base + (extra * cum_to) // weight - (extra * cum_from) // weight as book
      from cumulative, shape
    )
    select m.merchant_id, ${nodeBase} + ${subIsos} + b.k as agent_id
    from members m asof join (select k, first_rank::bigint as first_rank from books where book > 0) b on m.r >= b.first_rank`);
}
