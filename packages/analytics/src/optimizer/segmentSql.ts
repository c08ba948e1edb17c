// A segment as one condition on merchant_dim's columns; every value goes through the binder.
import type { Segment } from '@payportal/shared/optimizer';
import type { Binder } from '../compiler/dialect.ts';

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

/** The values the segment fields offer: every industry group, MCC, region and state the organisation's merchants have. */
export function segmentOptionsSql(orgId: number, binder: Binder): string {
  const org = binder.value(orgId, 'integer');
  return `select distinct 'group' as kind, industry_group as value, industry_group as label, null as parent from merchant_dim where org_id = ${org}
    union all select distinct 'industry', m.mcc, i.name, m.industry_group from merchant_dim m join industries i on i.mcc = m.mcc where m.org_id = ${org}
    union all select distinct 'region', region, region, null from merchant_dim where org_id = ${org}
    union all select distinct 'state', m.state_code, s.name, m.region from merchant_dim m join states s on s.state_code = m.state_code where m.org_id = ${org}
    order by 1, 3`;
}
