// Date presets resolved against the caller's today (DATA.md §1: the data ends at the current month),
// and the periods attrition counts over. Pure date arithmetic on 'YYYY-MM-DD' strings, in UTC.
import type { DateRangePreset, TimeGranularity } from '@payportal/shared';
import type { DateBucket } from './dialect.ts';
import { QueryError } from './queryError.ts';

export interface ResolvedRange {
  from: string;
  to: string;
}

const toDate = (text: string) => new Date(`${text}T00:00:00Z`);
const toText = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (text: string, days: number) => {
  const date = toDate(text);
  date.setUTCDate(date.getUTCDate() + days);
  return toText(date);
};

function startOf(granularity: TimeGranularity, text: string): string {
  const date = toDate(text);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (granularity) {
    case 'day':
      return text;
    case 'week':
      return addDays(text, -((date.getUTCDay() + 6) % 7));
    case 'month':
      return toText(new Date(Date.UTC(year, month, 1)));
    case 'quarter':
      return toText(new Date(Date.UTC(year, month - (month % 3), 1)));
    case 'year':
      return toText(new Date(Date.UTC(year, 0, 1)));
  }
}

function nextStart(granularity: TimeGranularity, start: string): string {
  const date = toDate(start);
  if (granularity === 'day') return addDays(start, 1);
  if (granularity === 'week') return addDays(start, 7);
  const months = granularity === 'month' ? 1 : granularity === 'quarter' ? 3 : 12;
  return toText(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)));
}

export function resolveDateRange(range: DateRangePreset | readonly [string, string], today: string): ResolvedRange {
  if (typeof range !== 'string') return { from: range[0], to: range[1] };
  switch (range) {
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_90_days':
      return { from: addDays(today, -89), to: today };
    case 'month_to_date':
      return { from: startOf('month', today), to: today };
    case 'quarter_to_date':
      return { from: startOf('quarter', today), to: today };
    case 'year_to_date':
      return { from: startOf('year', today), to: today };
    case 'last_year': {
      const lastYear = toDate(today).getUTCFullYear() - 1;
      return { from: `${lastYear}-01-01`, to: `${lastYear}-12-31` };
    }
  }
}

/** Attrition without a date range counts over the dataset's 13 months (DATA.md §1). */
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
      throw new QueryError([{ field: 'timeDimension', problem: `attrition by ${granularity} over this date range needs more than ${MAX_BUCKETS} periods: choose a coarser granularity or a shorter range` }]);
    }
    const end = addDays(nextStart(granularity, label), -1);
    buckets.push({ label, start: label < range.from ? range.from : label, end: end > range.to ? range.to : end });
  }
  return buckets;
}
