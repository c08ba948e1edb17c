// Dashboard-level filters: a date range, the compound industry and region choices, the portfolio's
// sub-ISO → agent choice (by name), card brand and channel. They apply to every chart unless the chart opts out, and live in the URL
// (so a link, and the partner frame's onRoute, reopen the same view): one search parameter per field.
import { z } from 'zod';
import { dateRangeSchema, type QueryDescription, type QueryFilter } from '../analytics/queryDescription.ts';
import type { DimensionId } from '../analytics/catalogue.ts';

export const DASHBOARD_FILTER_DIMENSIONS = [
  'industry_group',
  'industry',
  'region',
  'state',
  'sub_iso',
  'agent',
  'card_brand',
  'channel',
] as const satisfies readonly DimensionId[];
export type DashboardFilterDimension = (typeof DASHBOARD_FILTER_DIMENSIONS)[number];

const valueList = z.array(z.string().trim().min(1).max(100)).max(50);

export const dashboardFiltersSchema = z.strictObject({
  dateRange: dateRangeSchema.optional(),
  industry_group: valueList.optional(),
  industry: valueList.optional(),
  region: valueList.optional(),
  state: valueList.optional(),
  sub_iso: valueList.optional(),
  agent: valueList.optional(),
  card_brand: valueList.optional(),
  channel: valueList.optional(),
});
export type DashboardFilters = z.output<typeof dashboardFiltersSchema>;

/** The chart's question with the dashboard's filters added (the dashboard's date range replaces the chart's). */
export function applyDashboardFilters(query: QueryDescription, filters: DashboardFilters): QueryDescription {
  const added: QueryFilter[] = DASHBOARD_FILTER_DIMENSIONS.flatMap((dimension) => {
    const values = filters[dimension];
    return values?.length ? [{ member: dimension, operator: 'in' as const, values }] : [];
  });
  const timeDimension = filters.dateRange
    ? { ...(query.timeDimension ?? { dimension: 'date' as const }), dateRange: filters.dateRange }
    : query.timeDimension;
  return { ...query, ...(timeDimension && { timeDimension }), filters: [...query.filters, ...added] };
}

/** URL search parameters → filters; anything unreadable is dropped rather than breaking the page. */
export function filtersFromSearch(search: URLSearchParams): DashboardFilters {
  const from = search.get('from');
  const to = search.get('to');
  const range = search.get('range');
  const raw: Record<string, unknown> = {};
  if (from && to) raw.dateRange = [from, to];
  else if (range) raw.dateRange = range;
  for (const dimension of DASHBOARD_FILTER_DIMENSIONS) {
    const values = search.getAll(dimension).filter(Boolean);
    if (values.length) raw[dimension] = values;
  }
  const parsed = dashboardFiltersSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep the fields that are fine on their own.
  return Object.fromEntries(
    Object.entries(raw).filter(([key, value]) => dashboardFiltersSchema.safeParse({ [key]: value }).success),
  ) as DashboardFilters;
}

/** Every search parameter a dashboard's filters may use. */
const FILTER_SEARCH_KEYS = ['from', 'to', 'range', ...DASHBOARD_FILTER_DIMENSIONS] as const;

/** Whether a link names any filter (else the dashboard's own saved filters apply). */
export const searchHasFilters = (search: URLSearchParams): boolean => FILTER_SEARCH_KEYS.some((key) => search.has(key));

/** Filters → URL search parameters, in a fixed order so the same view has the same link. */
export function filtersToSearch(filters: DashboardFilters, into = new URLSearchParams()): URLSearchParams {
  for (const key of FILTER_SEARCH_KEYS) into.delete(key);
  if (Array.isArray(filters.dateRange)) {
    into.set('from', filters.dateRange[0]);
    into.set('to', filters.dateRange[1]);
  } else if (filters.dateRange) into.set('range', filters.dateRange);
  for (const dimension of DASHBOARD_FILTER_DIMENSIONS)
    for (const value of filters[dimension] ?? []) into.append(dimension, value);
  return into;
}
