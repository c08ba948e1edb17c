// Which merchants a caller may see, as one condition on merchant_dim: the one place a scope (Q1 in
// docs/COMPILER.md) becomes SQL, for the compiled questions and the merchant finder alike.

/** The caller's merchants in merchant_dim: the organisation's, narrowed to a node's subtree (an agent's
 * book, or every book of a sub-ISO's agents) when the caller is scoped; both values are bound. */
export function merchantScopeSql(org: string, node: string | null): string {
  return node === null ? `org_id = ${org}` : `org_id = ${org} and (agent_code = ${node} or sub_iso_code = ${node})`;
}
