// The residual inputs' rules (GENERATOR.md "Residual inputs"), checked by hand-written SQL over what
// the generator wrote: Schedule A on the issue's grid with the house's schedule always in force, agents'
// splits 40–70 % and sub-ISOs' 5–15 % with no chain over 100 %, expiries into a lower share, merchant
// splits only for the merchant's own agent, adjustments on agents within the window.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { createGeneratorLookups, dropGeneratorLookups } from './createGeneratorLookups.ts';
import { contextOf } from './generateDataset.ts';
import { generateMerchants } from './generateMerchants.ts';
import { generatePortfolio } from './generatePortfolio.ts';
import { generateResiduals } from './generateResiduals.ts';

const ORG = 9;
const ctx = contextOf({ orgId: ORG, scaleFactor: 1, lastDay: '2026-11-26' });
let engine: DuckDBEngine;
const one = async (sql: string) =>
  engine.withConnection(async (c) => (await c.runAndReadAll(sql)).getRowObjectsJS()[0] as Record<string, unknown>);

beforeAll(async () => {
  engine = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 0 });
  await engine.withConnection(async (connection) => {
    await createGeneratorLookups(connection, ctx.windowStart, ctx.windowEnd);
    try {
      await generatePortfolio(connection, ctx);
      await generateMerchants(connection, ctx);
      await generateResiduals(connection, ctx);
    } finally {
      await dropGeneratorLookups(connection);
    }
  });
});
afterAll(() => engine?.close());

it('prices Schedule A on the grid: 1–3 bps, $0.03–0.06 per authorisation, $0.01 to settle, $2.50–5.00 a month', async () => {
  expect(
    await one(`select
      bool_and(rate between 1 and 3 and rate * 4 = floor(rate * 4)) filter (basis = 'bps_of_volume') as bps,
      bool_and(rate between 0.03 and 0.06) filter (basis = 'per_authorisation') as authorisation,
      bool_and(rate = 0.01) filter (basis = 'per_settled_sale') as settlement,
      bool_and(rate between 2.5 and 5 and rate * 4 = floor(rate * 4)) filter (basis = 'per_merchant_month') as monthly,
      count(distinct basis)::int as bases, count(*) filter (node_id is null)::int as house_rows,
      count(distinct effective_from) filter (node_id is null)::int as house_versions,
      min(effective_from) = date_trunc('month', date '${ctx.windowStart}') as from_first_month,
      bool_and(node_id is null or node_id in (select node_id from portfolio_nodes where org_id = ${ORG} and kind = 'sub_iso')) as sub_isos_only
    from schedule_a where org_id = ${ORG}`),
  ).toEqual({
    bps: true,
    authorisation: true,
    settlement: true,
    monthly: true,
    bases: 4,
    house_rows: 8,
    house_versions: 2,
    from_first_month: true,
    sub_isos_only: true,
  });
});

it('splits agents 40–70 % and sub-ISOs 5–15 %, every node once, no chain over 100 %, expiring into a lower share', async () => {
  expect(
    await one(`with s as (select s.*, n.kind from residual_splits s join portfolio_nodes n using (org_id, node_id) where org_id = ${ORG})
    select bool_and(share_pct between 40 and 70) filter (kind = 'agent') as agents,
      bool_and(share_pct between 5 and 15) filter (kind = 'sub_iso') as sub_isos,
      count(*) filter (mid is null)::int = (select count(*) from portfolio_nodes where org_id = ${ORG})::int as every_node_once,
      bool_and(after_expiry_pct between 40 and share_pct) filter (expires_on is not null) as lower_after_expiry,
      bool_and((expires_on is null) = (after_expiry_pct is null)) as expiry_pairs,
      count(*) filter (expires_on is not null)::int > 0 as some_expire, count(*) filter (basis = 'gross')::int > 0 as some_gross,
      count(*) filter (net_negative = 'pass')::int > 0 as some_pass, count(*) filter (mid is not null)::int > 0 as some_merchants
    from s`),
  ).toEqual({
    agents: true,
    sub_isos: true,
    every_node_once: true,
    lower_after_expiry: true,
    expiry_pairs: true,
    some_expire: true,
    some_gross: true,
    some_pass: true,
    some_merchants: true,
  });
  // the largest share along any merchant's chain: its agent's (its own row or the agent's) + the sub-ISO's
  expect(
    await one(`select max(coalesce(own.share_pct, a.share_pct) + coalesce(u.share_pct, 0)) <= 100 as within
    from merchants m
    join portfolio_nodes n on n.org_id = m.org_id and n.node_id = m.agent_id
    join residual_splits a on a.org_id = m.org_id and a.node_id = m.agent_id and a.mid is null
    left join residual_splits own on own.org_id = m.org_id and own.node_id = m.agent_id and own.mid = m.mid
    left join residual_splits u on u.org_id = m.org_id and u.node_id = n.parent_id and u.mid is null
    where m.org_id = ${ORG}`),
  ).toEqual({ within: true });
  expect(
    await one(`select count(*)::int as strangers from residual_splits s
      where org_id = ${ORG} and mid is not null and not exists (select 1 from merchants m where m.org_id = s.org_id and m.mid = s.mid and m.agent_id = s.node_id)`),
  ).toEqual({ strangers: 0 });
});

it('adjusts agents only, inside the window, income or expense of $25–250', async () => {
  expect(
    await one(`select bool_and(node_id in (select node_id from portfolio_nodes where org_id = ${ORG} and kind = 'agent')) as agents,
      bool_and(month between date_trunc('month', date '${ctx.windowStart}') and date '${ctx.windowEnd}' and day(month) = 1) as in_window,
      bool_and(amount between 25 and 250) as amounts, string_agg(distinct kind || ' ' || memo, ', ' order by kind || ' ' || memo) as kinds,
      count(*) > 0 as some
    from residual_adjustments where org_id = ${ORG}`),
  ).toEqual({
    agents: true,
    in_window: true,
    amounts: true,
    kinds: 'expense Terminal lease, income Activation bonus',
    some: true,
  });
});
