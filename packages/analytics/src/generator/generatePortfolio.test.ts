// The portfolio hierarchy's rules, checked by hand-written SQL over what the generator wrote: the
// sizes of the issue, two levels of nodes under the organisation (no cycle, no fourth level with the
// merchants), unique codes, at most one agent per merchant, about 15 % house accounts, every agent
// with a book and the books long-tailed. Only the hierarchy and merchant steps run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { createGeneratorLookups, dropGeneratorLookups } from './createGeneratorLookups.ts';
import { contextOf } from './generateDataset.ts';
import { generateMerchants } from './generateMerchants.ts';
import { generatePortfolio } from './generatePortfolio.ts';

const ORG = 9;

describe.each([
  [0.01, 25, 2, 3],
  [1, 1000, 2, 40],
  [3, 3000, 6, 120],
])('the portfolio of SF %d (%d merchants: %d sub-ISOs, %d agents)', (scaleFactor, merchants, subIsos, agents) => {
  let engine: DuckDBEngine;
  const one = async (sql: string) =>
    engine.withConnection(async (c) => (await c.runAndReadAll(sql)).getRowObjectsJS()[0] as Record<string, unknown>);
  beforeAll(async () => {
    engine = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 0 });
    const ctx = contextOf({ orgId: ORG, scaleFactor, lastDay: '2026-11-26' });
    await engine.withConnection(async (connection) => {
      await createGeneratorLookups(connection, ctx.windowStart, ctx.windowEnd);
      try {
        await generatePortfolio(connection, ctx);
        await generateMerchants(connection, ctx);
      } finally {
        await dropGeneratorLookups(connection);
      }
    });
  });
  afterAll(() => engine?.close());

  it('has max(2, ⌈merchants ÷ 500⌉) sub-ISOs and max(3, round(merchants ÷ 25)) agents, codes unique', async () => {
    expect(
      await one(`select count(*) filter (kind = 'sub_iso')::int as sub_isos, count(*) filter (kind = 'agent')::int as agents,
        count(distinct code)::int as codes, count(*)::int as nodes, count(distinct name)::int as names
        from portfolio_nodes where org_id = ${ORG}`),
    ).toEqual({ sub_isos: subIsos, agents, codes: subIsos + agents, nodes: subIsos + agents, names: subIsos + agents });
  });

  it('puts sub-ISOs under the organisation and every agent under a sub-ISO: two levels, no cycle', async () => {
    expect(
      await one(`select
        count(*) filter (n.kind = 'sub_iso' and n.parent_id is not null)::int as sub_isos_with_parent,
        count(*) filter (n.kind = 'agent' and (p.kind is distinct from 'sub_iso'))::int as agents_not_under_sub_iso,
        count(*) filter (n.kind not in ('sub_iso', 'agent'))::int as other_kinds
        from portfolio_nodes n left join portfolio_nodes p on p.org_id = n.org_id and p.node_id = n.parent_id
        where n.org_id = ${ORG}`),
    ).toEqual({ sub_isos_with_parent: 0, agents_not_under_sub_iso: 0, other_kinds: 0 });
    // every sub-ISO has agents
    expect(
      await one(`select count(*)::int as empty from portfolio_nodes s where s.org_id = ${ORG} and s.kind = 'sub_iso'
        and not exists (select 1 from portfolio_nodes a where a.org_id = ${ORG} and a.parent_id = s.node_id)`),
    ).toEqual({ empty: 0 });
  });

  it('gives each merchant at most one agent (an agent node of its organisation), about 15 % none', async () => {
    const row = await one(`select count(*)::int as merchants, count(m.agent_id)::int as with_agent,
        count(*) filter (m.agent_id is not null and a.kind is distinct from 'agent')::int as not_an_agent
        from merchants m left join portfolio_nodes a on a.org_id = m.org_id and a.node_id = m.agent_id where m.org_id = ${ORG}`);
    expect(row.merchants).toBe(merchants);
    expect(row.not_an_agent).toBe(0);
    const house = 1 - (row.with_agent as number) / merchants;
    expect(house).toBeGreaterThan(scaleFactor < 1 ? 0 : 0.12);
    expect(house).toBeLessThan(scaleFactor < 1 ? 0.4 : 0.18);
  });

  it('gives every agent a book, long-tailed: the top fifth of agents hold over 40 % of the agents’ merchants', async () => {
    const row = await one(`with books as (
        select a.node_id, count(m.merchant_id) as book from portfolio_nodes a
        left join merchants m on m.org_id = a.org_id and m.agent_id = a.node_id
        where a.org_id = ${ORG} and a.kind = 'agent' group by a.node_id),
      ranked as (select book, row_number() over (order by book desc) as r, count(*) over () as n from books)
      select min(book)::int as smallest, max(book)::int as largest, median(book)::double as median,
        (sum(book) filter (r <= ceil(n / 5)) / sum(book))::double as top_fifth from ranked`);
    expect(row.smallest).toBeGreaterThanOrEqual(1);
    if (scaleFactor >= 1) {
      expect(row.top_fifth).toBeGreaterThan(0.4);
      expect(row.largest as number).toBeGreaterThan(3 * (row.median as number));
    }
  });
});
