// The portfolio hierarchy as the organisation screen shows it: sub-ISOs with their agents, each with
// its book's merchants (a sub-ISO's: its agents') and the users scoped to exactly that node.
import type { PortfolioNodeRow } from '@payportal/analytics';
import type { PortfolioTree, PortfolioTreeNode } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';

export async function portfolioTree(
  db: Queryable,
  orgId: number,
  portfolio: { nodes: readonly PortfolioNodeRow[]; house: number },
): Promise<PortfolioTree> {
  const scoped = await db.query<{ scope_node: string | null; users: number }>(
    'select scope_node, count(*)::int as users from users where org_id = $1 group by scope_node',
    [orgId],
  );
  const usersOf = new Map(scoped.map((row) => [row.scope_node, row.users]));
  const byCode = new Map<string, PortfolioTreeNode>(
    portfolio.nodes.map((node) => [
      node.code,
      {
        code: node.code,
        name: node.name,
        kind: node.kind,
        merchants: node.merchants,
        users: usersOf.get(node.code) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: PortfolioTreeNode[] = [];
  for (const node of portfolio.nodes) {
    const parent = node.parentCode === null ? undefined : byCode.get(node.parentCode);
    (parent ? parent.children : roots).push(byCode.get(node.code)!);
  }
  return { nodes: roots, house_merchants: portfolio.house, unscoped_users: usersOf.get(null) ?? 0 };
}
