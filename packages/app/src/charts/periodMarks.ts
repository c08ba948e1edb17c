// Which periods of an answer are not drawn as final: a time bucket the range cuts short, the one still
// running, and (for a measure that matures, such as a cohort's chargebacks) one whose sales are too
// young. The decision is shared's periodStatus; here it is asked per date label and measure, and said
// per row for the table twin and the CSV file.
import {
  MEASURES,
  periodStatus,
  type DateRange,
  type MeasureMeta,
  type PeriodStatus,
  type QueryDescription,
  type QueryResult,
} from '@payportal/shared/analytics';

export type PeriodsOf = (label: string, measure: string) => PeriodStatus;

const matureAfterDays = (measure: string): number | undefined =>
  (MEASURES as Record<string, MeasureMeta>)[measure]?.matureAfterDays;

/** Null when the answer has no time buckets (no granularity). `dataFrom`: the first day of data, when known. */
export function periodsOf(
  query: QueryDescription,
  range: DateRange | undefined,
  today: string,
  dataFrom?: string,
): PeriodsOf | null {
  const granularity = query.timeDimension?.granularity;
  if (!granularity) return null;
  return (label, measure) =>
    periodStatus(label, { range, granularity, today, dataFrom, matureAfterDays: matureAfterDays(measure) });
}

/** The first day of data a coverage answer gives (a chart's ChartQueries.coverage: one row, the day first), if any. */
export function firstDayIn(coverage: QueryResult | null): string | undefined {
  const day = coverage?.rows[0]?.[0];
  return typeof day === 'string' ? day : undefined;
}

/** The notes of an answer's periods that are not whole, by the date cell: one line, every measure's reasons once. */
export function periodNotes(result: QueryResult, periods: PeriodsOf | null): Map<string, string> {
  const notes = new Map<string, string>();
  const dateIndex = result.columns.findIndex((column) => column.type === 'date');
  if (!periods || dateIndex < 0) return notes;
  const measures = result.columns.filter((column) => column.format !== null).map((column) => column.name);
  for (const row of result.rows) {
    const label = row[dateIndex];
    if (typeof label !== 'string' || notes.has(label)) continue;
    const lines = [...new Set(measures.flatMap((measure) => periods(label, measure).notes))];
    if (lines.length) notes.set(label, lines.join('. '));
  }
  return notes;
}

/** Diagonal stripes over a bar: a partial or not yet final period. */
export const HATCH = {
  symbol: 'rect',
  symbolSize: 1,
  dashArrayX: [1, 0],
  dashArrayY: [3, 3],
  rotation: -Math.PI / 4,
  color: 'rgba(255, 255, 255, 0.6)',
};
