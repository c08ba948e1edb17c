// Date presets resolved against the caller's today (the data ends at the current month),
// and the periods attrition counts over. Pure date arithmetic on 'YYYY-MM-DD' strings, in UTC.
import {
  addDays,
  nextStart,
  resolveDateRange,
  startOf,
  type ResolvedRange,
  type TimeGranularity,
} from '@payportal/shared/analytics';
import type { DateBucket } from './dialect.ts';
import { QueryError } from './queryError.ts';

// The presets' arithmetic is shared with the app, which names ranges and marks partial periods with it.
export { resolveDateRange, type ResolvedRange };

const toDate = (text: string) => new Date(`${text}T00:00:00Z`);
const toText = (date: Date) => date.toISOString().slice(0, 10);

/** Attrition without a date range counts over the dataset's 13 months. */
export function defaultAttritionRange(today: string): ResolvedRange {
  const thisMonth = toDate(startOf('month', today));
  return { from: toText(new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 12, 1))), to: today };
}

const MAX_BUCKETS = 1000;

/** The periods of a range: each labelled by its first day, clipped to the range. More than 1,000 is a 400. */
export function dateBuckets(range: ResolvedRange, granularity: TimeGranularity | undefined): DateBucket[] {
  if (!granularity) return [{ label: range.from, start: range.from, end: range.to }];
  const buckets: DateBucket[] = [];
  for (let label = startOf(granularity, range.from); label <= range.to; label = nextStart(granularity, label)) {
    if (buckets.length === MAX_BUCKETS) {
      throw new QueryError([
        {
          field: 'timeDimension',
          problem: `attrition by ${granularity} over this date range needs more than ${MAX_BUCKETS} periods: choose a coarser granularity or a shorter range`,
        },
      ]);
    }
    const end = addDays(nextStart(granularity, label), -1);
    buckets.push({ label, start: label < range.from ? range.from : label, end: end > range.to ? range.to : end });
  }
  return buckets;
}
