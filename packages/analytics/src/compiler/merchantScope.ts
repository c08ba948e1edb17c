// Which merchants a caller may see, as one condition on merchant_dim: the one place a scope (Q1 in
// docs/COMPILER.md) becomes SQL, for the compiled questions, the merchant finder and the optimizer alike.
import type { QueryScope } from './queryScope.ts';
import type { Binder } from './dialect.ts';

/** The caller's merchants in merchant_dim: the organisation's, narrowed to a node's subtree (an agent's
 * book, or every book of a sub-ISO's agents) when the caller is scoped; both values are bound. `alias`
 * names merchant_dim where the statement joins it to other tables. */
export function merchantScopeSql(org: string, node: string | null, alias?: string): string {
  const column = (name: string) => (alias === undefined ? name : `${alias}.${name}`);
  const inOrg = `${column('org_id')} = ${org}`;
  return node === null
    ? inOrg
    : `${inOrg} and (${column('agent_code')} = ${node} or ${column('sub_iso_code')} = ${node})`;
}

/** The organisation and node of a scope: what a merchant read needs of it (not its today). */
export type MerchantScope = Pick<QueryScope, 'orgId' | 'node'>;

/** merchantScopeSql with the scope's values bound by `binder`. */
export const boundMerchantScopeSql = (scope: MerchantScope, binder: Binder, alias?: string): string =>
  merchantScopeSql(
    binder.value(scope.orgId, 'integer'),
    scope.node === undefined ? null : binder.value(scope.node, 'string'),
    alias,
  );
