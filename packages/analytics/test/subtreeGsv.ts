// Hand-written, for the scoped-book tests of both packages: each portfolio node's merchants (MID) with
// their GSV over every day, from the facts and the hierarchy's parent links, not from merchant_dim.
import type { DuckDBConnection } from '@duckdb/node-api';

export async function subtreeGsv(
  connection: DuckDBConnection,
  orgId: number,
): Promise<Map<string, Map<string, number>>> {
  if (!Number.isSafeInteger(orgId)) throw new Error('subtreeGsv: the organisation must be an integer');
  const rows = (
    await connection.runAndReadAll(`with recursive tree(code, node_id) as (
        select code, node_id from portfolio_nodes where org_id = ${orgId}
        union all select t.code, n.node_id from tree t join portfolio_nodes n on n.org_id = ${orgId} and n.parent_id = t.node_id)
      select t.code, m.mid, coalesce((select sum(amount) from transactions x where x.org_id = ${orgId} and x.merchant_id = m.merchant_id
          and not x.is_refund and x.auth_result = 'approved' and x.settled), 0)::double as gsv
      from tree t join merchants m on m.org_id = ${orgId} and m.agent_id = t.node_id`)
  ).getRowObjectsJS() as { code: string; mid: string; gsv: number }[];
  const books = new Map<string, Map<string, number>>();
  for (const row of rows) books.set(row.code, (books.get(row.code) ?? new Map<string, number>()).set(row.mid, row.gsv));
  return books;
}
