// What the builder says about the file's periods before it is run: every row is labelled by its
// period's first day, so a first period the range cuts short, the period still running and periods
// whose figures are not yet mature (a measure's matureAfterDays) are named, with why, and the file's
// "Period note" column that marks them. The same decision as the charts' marks (shared periodStatus).
import {
  addDays,
  dayText,
  MEASURES,
  PERIOD_NOTE_COLUMN,
  periodStatus,
  resolveDateRange,
  startOf,
  type DateRange,
  type MeasureMeta,
} from '@payportal/shared/analytics';
import { periodName } from '../../charts/chartOption.ts';
import type { DateChoice } from './builderStore.ts';

export function periodNote(date: Readonly<DateChoice>, measures: readonly string[], today: string): string | null {
  const granularity = date.granularity;
  if (granularity === 'none') return null;
  let range: DateRange | undefined;
  if (date.range === 'custom') {
    if (!date.from || !date.to || date.from > date.to) return null;
    range = [date.from, date.to];
  } else range = date.range === 'all' ? undefined : date.range;
  const resolved = range === undefined ? null : resolveDateRange(range, today);
  const last = resolved && resolved.to < today ? resolved.to : today;
  const labels = [...new Set([...(resolved ? [startOf(granularity, resolved.from)] : []), startOf(granularity, last)])];
  const partial = labels
    .map((label) => periodStatus(label, { range, granularity, today }))
    .filter((status) => status.shortfalls.length > 0)
    .map((status) => `${periodName(status.label, granularity)}: ${status.note.replace(/^Partial: /, '')}`);
  const maturing = measures.flatMap((id) => {
    const meta = (MEASURES as Record<string, MeasureMeta>)[id];
    return meta?.matureAfterDays === undefined ? [] : [{ label: meta.label, days: meta.matureAfterDays }];
  });
  const sentences = ['Each row is labelled by the first day of its period.'];
  if (partial.length) sentences.push(`Partial periods: ${partial.join('; ')}.`);
  for (const { label, days } of maturing) {
    if (!resolved || resolved.to > addDays(today, -days))
      sentences.push(
        `${label} of periods with sales after ${dayText(addDays(today, -days))} is not yet mature (sales under ${days} days old) and can still change.`,
      );
  }
  if (sentences.length === 1) return null;
  sentences.push(`The file's last column, ${PERIOD_NOTE_COLUMN.label}, says so on each such row.`);
  return sentences.join(' ');
}
