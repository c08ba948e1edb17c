// An answer of the query API as what a chart draws: the category column (the first non-measure
// column), the measure columns, and, when a second dimension exists, one series per its value
// (a pivot), so "approval rate by card brand and channel" draws a series per channel.
import type { QueryCell, QueryColumn, QueryResult } from '@payportal/shared/analytics';
import { dimensionText } from './dimensionText.ts';

export interface Series {
  name: string;
  column: QueryColumn;
  values: (number | null)[];
}

export interface ChartSeries {
  category: QueryColumn | null;
  categories: string[];
  series: Series[];
}

const text = (cell: QueryCell) => (cell === null ? '—' : String(cell));
const numeric = (cell: QueryCell) => (typeof cell === 'number' ? cell : cell === null ? null : Number(cell));

export function resultSeries(result: QueryResult): ChartSeries {
  // An id beside its name (the merchant level of a drill-down) is for the click, not a series of its own.
  const named = result.columns.some((column) => column.name === 'merchant_name');
  const dimensionIndexes = result.columns.flatMap((column, index) =>
    column.format === null && !(named && column.name === 'merchant_id') ? [index] : [],
  );
  const measureIndexes = result.columns.flatMap((column, index) => (column.format !== null ? [index] : []));
  const [categoryIndex, pivotIndex] = dimensionIndexes;
  // Days of the week read Mon … Sun, card brands and channels in words (dimensionText.ts).
  const textOf = (index: number) => {
    const name = result.columns[index]?.name;
    return (cell: QueryCell) => (cell === null ? text(cell) : (dimensionText(name, String(cell)) ?? text(cell)));
  };
  const categoryText = categoryIndex === undefined ? () => '' : textOf(categoryIndex);
  const categories = [...new Set(result.rows.map((row) => categoryText(row[categoryIndex!]!)))];
  const category = categoryIndex === undefined ? null : result.columns[categoryIndex]!;
  if (pivotIndex === undefined || measureIndexes.length !== 1) {
    const series = measureIndexes.map((index) => {
      const byCategory = new Map(result.rows.map((row) => [categoryText(row[categoryIndex!]!), numeric(row[index]!)]));
      return {
        name: result.columns[index]!.label,
        column: result.columns[index]!,
        values: categories.map((name) => byCategory.get(name) ?? null),
      };
    });
    return { category, categories, series };
  }
  const measure = result.columns[measureIndexes[0]!]!;
  const pivotText = textOf(pivotIndex);
  const pivots = [...new Set(result.rows.map((row) => pivotText(row[pivotIndex]!)))];
  const series = pivots.map((pivot) => {
    const byCategory = new Map(
      result.rows
        .filter((row) => pivotText(row[pivotIndex]!) === pivot)
        .map((row) => [categoryText(row[categoryIndex!]!), numeric(row[measureIndexes[0]!]!)]),
    );
    return { name: pivot, column: measure, values: categories.map((name) => byCategory.get(name) ?? null) };
  });
  return { category, categories, series };
}
