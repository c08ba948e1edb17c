// The questions one chart asks the query API (issue #14 items 3, 5, 6): its own query with the
// dashboard's filters (unless it opts out) and its drill-down path; a KPI tile also asks the same
// measure over the previous period of equal length (its change) and by day (its sparkline).
import { applyDashboardFilters, drillQuery, type ChartConfig, type DashboardFilters, type QueryDescription } from '@payportal/shared';

export interface ChartQueries {
  main: QueryDescription;
  previous: QueryDescription | null;
  spark: QueryDescription | null;
  /** Set when the chart is drilled: the dimension shown, and whether a click opens the merchant page. */
  drill: { level: string; atMerchant: boolean } | null;
}

const DAY_MS = 86_400_000;
const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);
const ROLLING: Record<string, number> = { last_7_days: 7, last_30_days: 30, last_90_days: 90 };

/** The range a KPI compares with: the same number of days just before. Null for calendar presets (month to date, …). */
type DateRange = NonNullable<QueryDescription['timeDimension']>['dateRange'];

export function previousPeriod(range: DateRange, today: string): [string, string] | null {
  let from: number;
  let to: number;
  if (typeof range === 'string' && ROLLING[range]) {
    to = Date.parse(`${today}T00:00:00Z`);
    from = to - (ROLLING[range]! - 1) * DAY_MS;
  } else if (Array.isArray(range)) {
    from = Date.parse(`${range[0]}T00:00:00Z`);
    to = Date.parse(`${range[1]}T00:00:00Z`);
  } else return null;
  const days = Math.round((to - from) / DAY_MS) + 1;
  return [dayText(from - days * DAY_MS), dayText(from - DAY_MS)];
}

export function chartQueries(config: ChartConfig, filters: DashboardFilters, drillPath: readonly string[], today: string): ChartQueries {
  const filtered = config.display.ignoreDashboardFilters ? config.query : applyDashboardFilters(config.query, filters);
  const drilled = drillPath.length ? drillQuery(filtered, drillPath) : null;
  const main = drilled?.query ?? filtered;
  if (config.type !== 'kpi') return { main, previous: null, spark: null, drill: drilled && { level: drilled.level, atMerchant: drilled.atMerchant } };
  const range = main.timeDimension?.dateRange;
  const before = previousPeriod(range, today);
  const kpiBase = { ...main, timeDimension: { dimension: 'date' as const, ...(range && { dateRange: range }) } };
  return {
    main: kpiBase,
    previous: before ? { ...kpiBase, timeDimension: { dimension: 'date', dateRange: before } } : null,
    spark: { ...kpiBase, timeDimension: { ...kpiBase.timeDimension, granularity: range ? 'day' : 'month' } },
    drill: null,
  };
}
