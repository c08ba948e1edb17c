// GET /api/analytics/v1/values/:dimension: the values behind the compound searches (industry group →
// industry, region → state), the merchant finder and the hierarchy's names (sub-ISO → agent). The
// reference tables are shared by every organisation; merchants and their nodes are the caller's only. Values are bound exactly as in compileQuery.
import type { VALUE_DIMENSION_IDS } from '@payportal/shared/analytics';
import type { QueryScope } from './compileQuery.ts';
import type { Dialect, FilterValue, ValueType } from './dialect.ts';
import { boundMerchantScopeSql } from './merchantScope.ts';
import { QueryError } from './queryError.ts';

export type ValueDimension = (typeof VALUE_DIMENSION_IDS)[number];

export interface ValuesRequest {
  dimension: ValueDimension;
  /** Case-insensitive substring of the value or its label. */
  search?: string;
  /** The parent's value: an industry group for industries, a region for states. */
  parent?: string;
  limit: number;
}

interface ValueSource {
  from: string;
  value: string;
  label: string;
  parent: string;
  /** The organisation's rows only (merchants); reference tables have no org_id. */
  scoped: boolean;
}

const SOURCES: Record<ValueDimension, ValueSource> = {
  industry_group: { from: 'industry_groups', value: 'name', label: 'name', parent: 'null', scoped: false },
  industry: {
    from: 'industries join (select industry_group_id, name as group_name from industry_groups) as g using (industry_group_id)',
    value: 'mcc',
    label: "concat(mcc, ' ', name)",
    parent: 'group_name',
    scoped: false,
  },
  region: { from: 'regions', value: 'name', label: 'name', parent: 'null', scoped: false },
  state: {
    from: 'states join (select region_id, name as region_name from regions) as r using (region_id)',
    value: 'state_code',
    label: "concat(state_code, ' ', name)",
    parent: 'region_name',
    scoped: false,
  },
  merchant: {
    from: 'merchant_dim',
    value: 'mid',
    label: "concat(dba_name, ' · ', mid)",
    parent: 'industry_group',
    scoped: true,
  },
  // The nodes holding the caller's merchants, by name as the dimensions group them: one row per node
  // (a sub-ISO once per agent below it, made one by the outer distinct); house accounts have none.
  sub_iso: {
    from: '(select distinct org_id, agent_code, sub_iso_code, sub_iso_name from merchant_dim where sub_iso_name is not null) as n',
    value: 'sub_iso_name',
    label: 'sub_iso_name',
    parent: 'null',
    scoped: true,
  },
  agent: {
    from: '(select distinct org_id, agent_code, agent_name, sub_iso_code, sub_iso_name from merchant_dim where agent_name is not null) as n',
    value: 'agent_name',
    label: 'agent_name',
    parent: 'sub_iso_name',
    scoped: true,
  },
};

export function compileValues(
  request: ValuesRequest,
  scope: Pick<QueryScope, 'orgId' | 'node'>,
  dialect: Dialect,
): { sql: string; params: FilterValue[]; types: ValueType[] } {
  const source = SOURCES[request.dimension];
  if (request.parent !== undefined && source.parent === 'null') {
    throw new QueryError([{ field: 'parent', problem: `${request.dimension} has no parent` }]);
  }
  const binder = dialect.binder();
  const conditions: string[] = [];
  // the merchant finder lists the caller's merchants: a scoped caller's subtree only (Q1)
  if (source.scoped) conditions.push(boundMerchantScopeSql(scope, binder));
  if (request.parent !== undefined) conditions.push(`${source.parent} = ${binder.value(request.parent, 'string')}`);
  if (request.search) {
    const search = binder.value(request.search, 'string');
    conditions.push(`(${dialect.containsText(source.value, search)} or ${dialect.containsText(source.label, search)})`);
  }
  const from = source.from.replace(' join ', ` ${dialect.innerJoin} `);
  const sql = [
    `select distinct ${source.value} as value, ${source.label} as label, ${source.parent} as parent from ${from}`,
    conditions.length ? `where ${conditions.join(' and ')}` : '',
    `order by value limit ${request.limit}`,
  ]
    .filter(Boolean)
    .join(' ');
  return { sql, params: binder.params, types: binder.types };
}
