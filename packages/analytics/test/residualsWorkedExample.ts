// The worked example as one merchant-month of an organisation of its own, planted in DuckDB
// (copied to ClickHouse like any organisation): $100,000 of volume and 1,000 authorisations under a
// house Schedule A of 2 bps + $0.05 per authorisation + $3.00 a month (no settlement fee) cost $73.00;
// billed $2,000.00 with $1,200.00 interchange and $227.00 scheme fees, its net is $500.00, and its
// agent's 60 % net split pays $300.00. The split expires on the first of the next month into 50 %, and
// that month repeats the figures (so it pays $250.00). Other columns are copied from a row of `fromOrg`.
import type { DuckDBConnection } from '@duckdb/node-api';
import { MERCHANT_ID_BASE, NODE_ID_BASE } from '../src/generator/generationContext.ts';

export const WORKED_EXAMPLE = {
  orgId: 77,
  month: '2026-06',
  /** The month the split expires into 50 %. */
  expiredMonth: '2026-07',
  mid: 'WORKED-EXAMPLE-1',
  agentCode: 'AGT-0001',
} as const;

export async function plantWorkedExample(connection: DuckDBConnection, fromOrg: number): Promise<void> {
  const org = WORKED_EXAMPLE.orgId;
  const merchant = org * MERCHANT_ID_BASE + 1;
  const agent = org * NODE_ID_BASE + 1;
  const one = `where org_id = ${fromOrg} limit 1`;
  await connection.run(
    `insert into datasets select * replace (${org} as org_id) from datasets where org_id = ${fromOrg}`,
  );
  await connection.run(
    `insert into portfolio_nodes values (${org}, ${agent}, null, 'agent', '${WORKED_EXAMPLE.agentCode}', 'Worked Example Payments', null)`,
  );
  await connection.run(`insert into pricing_plans select * replace (${merchant} as pricing_plan_id, ${org} as org_id, 0 as monthly_fee,
    0 as pci_fee, 0 as min_discount) from pricing_plans ${one}`);
  await connection.run(`insert into merchants select * replace (${merchant} as merchant_id, ${org} as org_id, '${WORKED_EXAMPLE.mid}' as mid,
    ${merchant} as pricing_plan_id, ${agent} as agent_id) from merchants ${one}`);
  await connection.run(`insert into merchant_daily select * exclude (planted_day) replace (${org} as org_id, ${merchant} as merchant_id,
    planted_day as day, 1000 as attempts, 1000 as sales, 100000 as gsv, 2000 as billed_fees, 1200 as interchange, 227 as scheme_fees)
    from (select * from merchant_daily ${one}),
      (select unnest([date '${WORKED_EXAMPLE.month}-10', date '${WORKED_EXAMPLE.expiredMonth}-10']) as planted_day)`);
  await connection.run(`insert into schedule_a values (${org}, null, 'bin_sponsorship', 'bps_of_volume', 2, date '2026-01-01', null),
    (${org}, null, 'authorisation', 'per_authorisation', 0.05, date '2026-01-01', null),
    (${org}, null, 'merchant_account', 'per_merchant_month', 3, date '2026-01-01', null)`);
  await connection.run(
    `insert into residual_splits values (${org}, ${agent}, null, 60, 'net', 'zero', date '2026-01-01',
      date '${WORKED_EXAMPLE.expiredMonth}-01', 50, null)`,
  );
}
