// The accessible summary of a chart: what it shows, how many values, the highest and
// the lowest, in the catalogue's formats. Screen readers read it; the table twin has every value.
import { formatCell, type QueryResult } from '@payportal/shared/analytics';
import type { ChartConfig } from '@payportal/shared/dashboards';
import { resultSeries } from './resultSeries.ts';

export function chartSummary(config: ChartConfig, result: QueryResult): string {
  if (result.rows.length === 0) return `${config.title}: no data for these filters.`;
  const { category, categories, series } = resultSeries(result);
  const first = series[0];
  if (!first) return `${config.title}: a table of ${result.rows.length} rows.`;
  const pairs = first.values.flatMap((value, index) => (value === null ? [] : [{ name: categories[index]!, value }]));
  const show = (value: number) => formatCell(value, first.column);
  if (!category || pairs.length === 1) return `${config.title}: ${first.name} ${show(pairs[0]?.value ?? 0)}.`;
  const sorted = [...pairs].sort((a, b) => b.value - a.value);
  const top = sorted[0]!;
  const bottom = sorted.at(-1)!;
  return `${config.title}: ${first.name} by ${category.label.toLowerCase()}, ${pairs.length} values; highest ${top.name} at ${show(top.value)}, lowest ${bottom.name} at ${show(bottom.value)}.`;
}
