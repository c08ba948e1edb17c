// The portfolio hierarchy as the organisation screen's tree needs it: the nodes, and how many merchants
// each agent holds. Two statements in SQL that DuckDB and ClickHouse 18.16 both read (no join, the
// organisation an integer literal), put together into a tree by answerMerchantQuestion.ts.

export function portfolioSql(orgId: number): string[] {
  if (!Number.isSafeInteger(orgId)) throw new Error('portfolioSql: the organisation must be an integer');
  return [
    `select code, name, kind, node_id, parent_id from portfolio_nodes where org_id = ${orgId} order by code`,
    `select agent_code, count(*) from merchant_dim where org_id = ${orgId} and agent_code is not null group by agent_code`,
    `select count(*) from merchant_dim where org_id = ${orgId} and agent_code is null`,
  ];
}
