// The questions one chart asks the query API (6): its own query with the
// dashboard's filters (unless it opts out) and its drill-down path; a KPI tile also asks the same
// measure over the period it is compared with (its change), whether the data reaches back that far,
// and by day (its sparkline); a chart by week, month, quarter or year asks where the data starts in its
// range (its first period may hold only a few days).
import {
  comparisonPeriod,
  firstDayOfDataQuery,
  type ComparisonPeriod,
  type DateRange,
  type QueryDescription,
} from '@payportal/shared/analytics';
import {
  applyDashboardFilters,
  drillQuery,
  type ChartConfig,
  type DashboardFilters,
} from '@payportal/shared/dashboards';

export interface ChartQueries {
  main: QueryDescription;
  /** The range the chart shows: the dashboard's when it sets one, else the chart's own (none: all dates). */
  range: DateRange | undefined;
  previous: QueryDescription | null;
  /** What a KPI is compared with (the same days last year for a year to date, …). */
  comparison: ComparisonPeriod | null;
  /**
   * The first day of data within a KPI's comparison period (later than its start, the comparison would be
   * short) or within a chart's range, when its periods are longer than a day (a first period starting
   * before it is partial).
   */
  coverage: QueryDescription | null;
  spark: QueryDescription | null;
  /** Set when the chart is drilled: the dimension shown, and whether a click opens the merchant page. */
  drill: { level: string; atMerchant: boolean } | null;
}

export function chartQueries(
  config: ChartConfig,
  filters: DashboardFilters,
  drillPath: readonly string[],
  today: string,
): ChartQueries {
  const filtered = config.display.ignoreDashboardFilters ? config.query : applyDashboardFilters(config.query, filters);
  const drilled = drillPath.length ? drillQuery(filtered, drillPath) : null;
  const main = drilled?.query ?? filtered;
  const range = main.timeDimension?.dateRange;
  const granularity = main.timeDimension?.granularity;
  if (config.type !== 'kpi')
    return {
      main,
      range,
      previous: null,
      comparison: null,
      coverage: granularity && granularity !== 'day' ? firstDayOfDataQuery(range) : null,
      spark: null,
      drill: drilled && { level: drilled.level, atMerchant: drilled.atMerchant },
    };
  const comparison = comparisonPeriod(range, today);
  const kpiBase = { ...main, timeDimension: { dimension: 'date' as const, ...(range && { dateRange: range }) } };
  const before = comparison && ([...comparison.range] as [string, string]);
  return {
    main: kpiBase,
    range,
    previous: before ? { ...kpiBase, timeDimension: { dimension: 'date', dateRange: before } } : null,
    comparison,
    coverage: before ? firstDayOfDataQuery(before) : null,
    spark: { ...kpiBase, timeDimension: { ...kpiBase.timeDimension, granularity: range ? 'day' : 'month' } },
    drill: null,
  };
}
