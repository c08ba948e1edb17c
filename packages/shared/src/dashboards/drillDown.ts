// Drill-down along the fixed hierarchies: industry group → industry → merchant and
// region → state → merchant. A chart whose first dimension starts a hierarchy can be drilled: each
// chosen value becomes a filter and the next level replaces the dimension. The merchant level opens
// the merchant-level page (/amla?merchant=<merchant id>).
import type { DimensionId } from '../analytics/catalogue.ts';
import type { QueryDescription } from '../analytics/queryDescription.ts';

export const DRILL_HIERARCHIES = [
  ['industry_group', 'industry', 'merchant_id'],
  ['region', 'state', 'merchant_id'],
] as const satisfies readonly (readonly DimensionId[])[];

/** The hierarchy the chart's first dimension starts, or null when the chart cannot be drilled. */
export function drillHierarchyOf(query: QueryDescription): readonly DimensionId[] | null {
  const first = query.dimensions[0];
  return DRILL_HIERARCHIES.find((hierarchy) => hierarchy[0] === first) ?? null;
}

/**
 * Whether a chart offers drill-down: its first dimension starts a hierarchy and each value is one mark
 * (not a time series, a KPI tile or a table).
 */
export function isDrillable(type: string, query: QueryDescription): boolean {
  return type !== 'kpi' && type !== 'table' && !query.timeDimension?.granularity && drillHierarchyOf(query) !== null;
}

export interface DrilledQuery {
  query: QueryDescription;
  /** The dimension shown now. */
  level: DimensionId;
  /** True when a click on a value opens the merchant page instead of drilling further. */
  atMerchant: boolean;
}

/** The chart's question after the chosen values (`path`, one per level passed). */
export function drillQuery(query: QueryDescription, path: readonly string[]): DrilledQuery | null {
  const hierarchy = drillHierarchyOf(query);
  if (!hierarchy) return null;
  const depth = Math.min(path.length, hierarchy.length - 1);
  const level = hierarchy[depth]!;
  const filters = path
    .slice(0, depth)
    .map((value, index) => ({ member: hierarchy[index]!, operator: 'equals' as const, values: [value] }));
  // The merchant level names each merchant too, so the axis reads as names while the click knows the id.
  const shown: DimensionId[] = level === 'merchant_id' ? ['merchant_name', 'merchant_id'] : [level];
  const dimensions = [...shown, ...query.dimensions.slice(1).filter((d) => !shown.includes(d))];
  const order = query.order.filter((entry) => entry.member !== hierarchy[0]);
  const limit = level === 'merchant_id' ? Math.min(query.limit ?? 25, 25) : query.limit;
  return {
    query: { ...query, dimensions, filters: [...query.filters, ...filters], order, ...(limit && { limit }) },
    level,
    atMerchant: level === 'merchant_id',
  };
}

/** Where a merchant opens: the merchant-level page (/amla), by the merchants table's id. */
export const merchantPageHref = (merchantId: string | number) =>
  `/amla?merchant=${encodeURIComponent(String(merchantId))}`;
