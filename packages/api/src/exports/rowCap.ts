// Row caps per role: configurable, query 1,000,000 and org owner 5,000,000 by
// default. Every other export caller (the query role, or revenue_optimizer exporting the merchant P&L)
// gets the query cap; an org owner gets the larger of the two caps.
import type { QueryDescription } from '@payportal/shared/analytics';
import type { RoleName } from '@payportal/shared/identity';
import type { ApiConfig } from '../config.ts';

export function rowCapOf(
  roles: readonly RoleName[],
  config: Pick<ApiConfig, 'EXPORT_ROW_CAP_QUERY' | 'EXPORT_ROW_CAP_ORG_OWNER'>,
): number {
  return roles.includes('org_owner')
    ? Math.max(config.EXPORT_ROW_CAP_QUERY, config.EXPORT_ROW_CAP_ORG_OWNER)
    : config.EXPORT_ROW_CAP_QUERY;
}

/**
 * How many rows an export of `query` may hold under `rowCap`, and whether the role's cap (not the
 * description's own limit) is what binds: only then is a cut file "capped". One rule for the builder's
 * estimate and the job.
 */
export function exportRowLimit(
  query: Pick<QueryDescription, 'limit'>,
  rowCap: number,
): { limit: number; capBinds: boolean } {
  const own = query.limit ?? Number.POSITIVE_INFINITY;
  return { limit: Math.min(own, rowCap), capBinds: rowCap < own };
}
