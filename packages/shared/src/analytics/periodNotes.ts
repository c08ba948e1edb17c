// The "Period note" of a file of an answer by period (a chart's CSV, a saved export's file): for each
// time bucket that is not whole, not over or not yet mature (periodStatus), why, in one line; every other
// row's note is empty. Every measure's reasons are said once, so a row's note reads the same whichever
// measure it is for.
import { MEASURES, type MeasureMeta } from './catalogue.ts';
import {
  addDays,
  nextStart,
  periodStatus,
  resolveDateRange,
  startOf,
  type DateRange,
  type PeriodContext,
} from './datePeriods.ts';
import type { QueryColumn, QueryDescription } from './queryDescription.ts';

/** The column a file by period ends with. */
export const PERIOD_NOTE_COLUMN: QueryColumn = {
  name: 'period_note',
  label: 'Period note',
  type: 'string',
  format: null,
};

const matureAfterDays = (measure: string): number | undefined =>
  (MEASURES as Record<string, MeasureMeta>)[measure]?.matureAfterDays;

/** The note of the bucket starting on `label`: its measures' reasons, each once, or '' when it is whole. */
export function periodNoteOf(
  label: string,
  context: Omit<PeriodContext, 'matureAfterDays'>,
  measures: readonly string[],
): string {
  const notes = measures.flatMap(
    (measure) => periodStatus(label, { ...context, matureAfterDays: matureAfterDays(measure) }).notes,
  );
  return [...new Set(notes)].join('. ');
}

/**
 * Every bucket of the query's answer that has a note, by its label (the bucket's first day), as of
 * `today`; empty without a granularity. Only the range's first bucket, the one the data starts in
 * (`dataFrom`, when known), its last one (through today) and, for a measure that matures, the buckets of
 * its last matureAfterDays can have one.
 */
export function periodNotesOf(query: QueryDescription, today: string, dataFrom?: string): Map<string, string> {
  const notes = new Map<string, string>();
  const granularity = query.timeDimension?.granularity;
  if (!granularity) return notes;
  const range: DateRange | undefined = query.timeDimension?.dateRange;
  const resolved = range === undefined ? null : resolveDateRange(range, today);
  const last = resolved && resolved.to < today ? resolved.to : today;
  const maturing = Math.max(0, ...query.measures.map((measure) => matureAfterDays(measure) ?? 0));
  const candidates = new Set<string>([
    startOf(granularity, last),
    ...(resolved ? [startOf(granularity, resolved.from)] : []),
    ...(dataFrom ? [startOf(granularity, dataFrom)] : []),
  ]);
  if (maturing > 0) {
    const young = addDays(today, -(maturing + 1));
    const first = resolved && resolved.from > young ? resolved.from : young;
    for (let label = startOf(granularity, first); label <= last; label = nextStart(granularity, label))
      candidates.add(label);
  }
  for (const label of [...candidates].sort()) {
    const note = periodNoteOf(label, { range, granularity, today, dataFrom }, query.measures);
    if (note) notes.set(label, note);
  }
  return notes;
}

/**
 * The question of the first day with data in a range (all dates without one): one row, the day first. A
 * fact of the dataset, not of the filters, so asked without them; a first period that starts before that
 * day holds only the days from then (periodStatus's dataFrom).
 */
export function firstDayOfDataQuery(
  range: NonNullable<QueryDescription['timeDimension']>['dateRange'],
): QueryDescription {
  return {
    measures: ['authorisations'],
    dimensions: [],
    filters: [],
    timeDimension: { dimension: 'date', granularity: 'day', ...(range && { dateRange: range }) },
    order: [{ member: 'date', direction: 'asc' }],
    limit: 1,
  };
}
