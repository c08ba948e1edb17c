// The Schedule A and split rows in force in a month: what closing a month freezes beside its lines, so a
// closed statement says which versions priced it (README "Residuals"). Every version up to the month is
// read; residualVersions.ts keeps the latest per key, as residualsSql.ts's argMax does.
import type { Binder } from '../compiler/dialect.ts';
import type { ResidualsDialect } from './residualsSql.ts';

/** node (0: the house), fee_code, basis, rate × 10⁴, effective_from, upload (0: generated). */
export function scheduleVersionsSql(r: ResidualsDialect, orgId: number, month: string, binder: Binder): string {
  return `select ifNull(node_id, ${r.bigint(0)}) as node_key, fee_code, basis, ${r.scaled('rate', 10_000)} as rate_e4,
      ${r.dialect.dateText('effective_from')} as effective, ifNull(upload_id, ${r.bigint(0)}) as upload_key
    from schedule_a where org_id = ${binder.value(orgId, 'integer')} and effective_from <= ${binder.value(month, 'date')}
    order by node_key, fee_code, basis, effective`;
}

/** node, mid ('' for the node's own), share × 100, basis, net_negative, effective_from, expires_on (''), after-expiry share × 100 (-1: none), upload (0). */
export function splitVersionsSql(r: ResidualsDialect, orgId: number, month: string, binder: Binder): string {
  return `select node_id, ifNull(mid, '') as split_mid, ${r.scaled('share_pct', 100)} as share_e2, basis, net_negative,
      ${r.dialect.dateText('effective_from')} as effective, ifNull(${r.dialect.dateText('expires_on')}, '') as expires,
      ifNull(${r.scaled('after_expiry_pct', 100)}, ${r.bigint(-1)}) as after_e2, ifNull(upload_id, ${r.bigint(0)}) as upload_key
    from residual_splits where org_id = ${binder.value(orgId, 'integer')} and effective_from <= ${binder.value(month, 'date')}
    order by node_id, split_mid, effective`;
}
