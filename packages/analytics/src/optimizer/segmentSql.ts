// A segment as one condition on merchant_dim's columns; every value goes through the binder.
import type { Segment } from '@payportal/shared';
import type { Binder } from '../compiler/dialect.ts';

const COLUMNS = { industryGroups: 'industry_group', industries: 'mcc', regions: 'region', states: 'state_code', sizeTiers: 'size_tier', planTypes: 'pricing_plan_type' } as const;

export function segmentCondition(segment: Segment, binder: Binder, alias: string): string {
  const conditions = (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
    .filter((field) => segment[field].length > 0)
    .map((field) => `${alias}.${COLUMNS[field]} in (${segment[field].map((value) => binder.value(value, 'string')).join(', ')})`);
  return conditions.length ? conditions.join(' and ') : 'true';
}
