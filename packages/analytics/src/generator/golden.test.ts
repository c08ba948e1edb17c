// Golden numbers (the same organisation, scale factor and version give the same rows on
// any machine). A change to any number below is a decision, not a fix: bump GENERATOR_VERSION in
// generateDataset.ts and update these values (and the version pinned here) in the same commit, so
// existing databases regenerate their datasets instead of mixing old rows with new code.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { GENERATOR_VERSION } from './generateDataset.ts';

const ORG = 1;
let engine: DuckDBEngine;

beforeAll(async () => {
  engine = await DuckDBEngine.open({ path: ':memory:' });
  await engine.ensureDataset({ orgId: ORG, scaleFactor: 0.01, lastDay: '2026-10-27' });
});
afterAll(() => engine?.close());

it('SF 0.01, organisation 1, ending 2026-10-27: the pinned totals of generator version 6 (version 5’s, unchanged, and the hierarchy)', async () => {
  const count = (table: string, where = 'true') => `(select count(*) from ${table} where org_id = ${ORG} and ${where})`;
  const totals = await engine.withConnection(
    async (c) =>
      (
        await c.runAndReadAll(`select
      ${count('merchants')} as merchants, ${count('pricing_plans')} as pricing_plans, ${count('terminals')} as terminals,
      ${count('transactions')} as transactions, ${count('chargebacks')} as chargebacks, ${count('settlements')} as settlements,
      ${count('merchant_daily')} as merchant_daily, ${count('merchants', 'is_bad_actor')} as bad_merchants, ${count('planted_signals')} as planted_signals,
      (select sum(amount) from transactions where org_id = ${ORG}) as amount,
      (select sum(net_revenue) from transactions where org_id = ${ORG}) as net_revenue,
      ${count('portfolio_nodes', "kind = 'sub_iso'")} as sub_isos, ${count('portfolio_nodes', "kind = 'agent'")} as agents,
      ${count('merchants', 'agent_id is null')} as house_merchants,
      (select string_agg(code || ' ' || name || ' ' || book, '; ' order by code) from (select a.code, a.name, count(*) as book
        from merchant_dim m join portfolio_nodes a on a.org_id = m.org_id and a.code = m.agent_code where m.org_id = ${ORG} group by all)) as books,
      (select sum(gsv) from merchant_daily d join merchant_dim m using (org_id, merchant_id) where d.org_id = ${ORG} and m.sub_iso_code = 'SUB-001') as sub_iso_1_gsv`)
      ).getRowObjectsJson()[0],
  );

  expect(GENERATOR_VERSION).toBe(6);
  expect(totals).toEqual({
    merchants: '25',
    pricing_plans: '25',
    terminals: '36',
    transactions: '30371',
    chargebacks: '62',
    settlements: '1119',
    merchant_daily: '1630',
    bad_merchants: '1',
    planted_signals: '4',
    amount: '2300714.95',
    net_revenue: '16917.19',
    sub_isos: '2',
    agents: '3',
    house_merchants: '2',
    books: 'AGT-0001 Prairie Processing 9; AGT-0002 Aspen Bankcard 6; AGT-0003 Summit Card Services 8',
    sub_iso_1_gsv: '3843.01',
  });
});

it('SF 0.01, organisation 1, ending 2026-10-27: the dispute events of generator version 6 (their own stream)', async () => {
  const events = await engine.withConnection(async (c) =>
    (
      await c.runAndReadAll(`select event, count(*)::varchar as n, sum(event_date - date '2026-01-01')::varchar as days,
          coalesce(sum(due_date - event_date), 0)::varchar as due_days
        from dispute_events where org_id = ${ORG} group by event order by event`)
    ).getRows(),
  );
  // event, rows, summed days since 2026-01-01, summed days from event to due date
  expect(events).toEqual([
    ['accepted', '11', '1868', '0'],
    ['arbitration_filed', '3', '585', '110'],
    ['expired', '2', '370', '0'],
    ['pre_arbitration_answered', '7', '1061', '0'],
    ['pre_arbitration_received', '9', '1316', '305'],
    ['received', '62', '8093', '1995'],
    ['represented', '47', '6111', '0'],
    ['reversed', '19', '2507', '0'],
    ['ruled_lost', '24', '3813', '0'],
    ['ruled_won', '1', '299', '0'],
  ]);
});

it('SF 0.01, organisation 1, ending 2026-10-27: the residual inputs of generator version 6 (their own stream)', async () => {
  const inputs = await engine.withConnection(
    async (c) =>
      (
        await c.runAndReadAll(`select
      (select string_agg(coalesce(node_id::varchar, 'house') || ' ' || fee_code || ' ' || rate || ' ' || effective_from, '; '
        order by node_id nulls first, effective_from, fee_code)
        from schedule_a where org_id = ${ORG}) as schedule_a,
      (select string_agg(node_id || ' ' || coalesce(mid, '*') || ' ' || share_pct || ' ' || basis || ' ' || net_negative || ' '
        || coalesce(expires_on::varchar || ' ' || after_expiry_pct, '-'), '; '
        order by node_id, mid nulls first) from residual_splits where org_id = ${ORG}) as splits,
      (select count(*) || ' ' || sum(amount) || ' ' || count(*) filter (kind = 'income') from residual_adjustments where org_id = ${ORG}) as adjustments`)
      ).getRowObjectsJson()[0],
  );
  expect(inputs).toEqual({
    schedule_a:
      'house authorisation 0.0530 2025-09-01; house bin_sponsorship 1.7500 2025-09-01; house merchant_account 4.5000 2025-09-01; ' +
      'house settlement 0.0100 2025-09-01; house authorisation 0.0430 2026-03-01; house bin_sponsorship 1.2500 2026-03-01; ' +
      'house merchant_account 3.7500 2026-03-01; house settlement 0.0100 2026-03-01; 10000001 authorisation 0.0550 2025-09-01; ' +
      '10000001 bin_sponsorship 1.2500 2025-09-01; 10000001 merchant_account 4.0000 2025-09-01; 10000001 settlement 0.0100 2025-09-01',
    splits:
      '10000001 * 9.00 net zero -; 10000002 * 9.00 net zero -; 10000003 * 42.00 net zero -; 10000004 * 48.00 net zero -; ' +
      '10000005 * 70.00 net pass 2026-05-01 47.00',
    // rows, summed amount, income rows
    adjustments: '3 437.50 0',
  });
});
