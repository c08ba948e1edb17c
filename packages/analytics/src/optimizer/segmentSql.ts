// A segment as one condition on merchant_dim's columns; every value goes through the binder.
import type { Segment } from '@payportal/shared/optimizer';
import type { Binder } from '../compiler/dialect.ts';
import { boundMerchantScopeSql, type MerchantScope } from '../compiler/merchantScope.ts';

const COLUMNS = {
  industryGroups: 'industry_group',
  industries: 'mcc',
  regions: 'region',
  states: 'state_code',
  sizeTiers: 'size_tier',
  planTypes: 'pricing_plan_type',
} as const;

export function segmentCondition(segment: Segment, binder: Binder, alias: string): string {
  const conditions = (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
    .filter((field) => segment[field].length > 0)
    .map(
      (field) =>
        `${alias}.${COLUMNS[field]} in (${segment[field].map((value) => binder.value(value, 'string')).join(', ')})`,
    );
  return conditions.length ? conditions.join(' and ') : 'true';
}

/**
 * The values the segment fields offer: every industry group, MCC, region and state the scope's
 * merchants have, one statement each. As one `union all` of `select distinct … from merchant_dim`,
 * DuckDB 1.x answered the region branch with the industry groups once merchant_dim gained its left
 * joins to the portfolio hierarchy (its plan for two same-shaped branches over the view was shared).
 */
export function segmentOptionsSql(scope: MerchantScope, binder: Binder): string[] {
  // one condition for the four statements (they share the binder's values); no column of it is also industries' or states'
  const merchants = boundMerchantScopeSql(scope, binder);
  return [
    `select distinct 'group' as kind, industry_group as value, industry_group as label, null as parent from merchant_dim where ${merchants} order by 3`,
    `select distinct 'industry' as kind, m.mcc as value, i.name as label, m.industry_group as parent from merchant_dim m join industries i on i.mcc = m.mcc where ${merchants} order by 3`,
    `select distinct 'region' as kind, region as value, region as label, null as parent from merchant_dim where ${merchants} order by 3`,
    `select distinct 'state' as kind, m.state_code as value, s.name as label, m.region as parent from merchant_dim m join states s on s.state_code = m.state_code where ${merchants} order by 3`,
  ];
}
