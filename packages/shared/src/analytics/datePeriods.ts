// Date ranges and periods in words and days: a range's name ("year to date"), the period a figure is
// compared with ("the same days last year"), and whether a time bucket of an answer is whole (a month
// holding 3 days of "last 30 days", the month still running, sales whose chargebacks are not all in).
// Pure arithmetic on 'YYYY-MM-DD' strings in UTC; the query compiler resolves presets with it too.
import type { DateRangePreset, TimeGranularity } from './catalogue.ts';

export type DateRange = DateRangePreset | readonly [string, string];

export interface ResolvedRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const toDate = (text: string) => new Date(`${text}T00:00:00Z`);
const toText = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (text: string, days: number): string => toText(new Date(toDate(text).getTime() + days * DAY_MS));
/** Days from `from` to `to`, both counted (`to` before `from` gives 0 or less). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS) + 1;

/** The same day `months` months away, on the month's last day when it is shorter (31 Mar − 1 month = 28/29 Feb). */
function addMonths(text: string, months: number): string {
  const date = toDate(text);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return toText(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date.getUTCDate(), last))));
}

export function startOf(granularity: TimeGranularity, text: string): string {
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

export function nextStart(granularity: TimeGranularity, start: string): string {
  if (granularity === 'day') return addDays(start, 1);
  if (granularity === 'week') return addDays(start, 7);
  return addMonths(start, granularity === 'month' ? 1 : granularity === 'quarter' ? 3 : 12);
}

export function resolveDateRange(range: DateRange, today: string): ResolvedRange {
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

/** The presets in words, as the pickers list them. */
export const DATE_RANGE_PRESET_LABELS: Record<DateRangePreset, string> = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  month_to_date: 'Month to date',
  quarter_to_date: 'Quarter to date',
  year_to_date: 'Year to date',
  last_year: 'Last year',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "3 Oct 2026". */
export function dayText(text: string): string {
  const date = toDate(text);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
/** "3–9 Oct 2026", "29 Sep – 5 Oct 2026", "1 Dec 2025 – 27 Nov 2026". */
export function spanText(from: string, to: string): string {
  if (from === to) return dayText(from);
  const [a, b] = [toDate(from), toDate(to)];
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return `${dayText(from)} – ${dayText(to)}`;
  if (a.getUTCMonth() !== b.getUTCMonth()) return `${a.getUTCDate()} ${MONTHS[a.getUTCMonth()]} – ${dayText(to)}`;
  return `${a.getUTCDate()}–${dayText(to)}`;
}

/** A range as it follows a figure's name, lower case: "last 30 days", "year to date", "1–10 Mar 2026", "all dates". */
export function rangePhrase(range: DateRange | undefined): string {
  if (range === undefined) return 'all dates';
  if (typeof range === 'string') return DATE_RANGE_PRESET_LABELS[range].toLowerCase();
  return spanText(range[0], range[1]);
}

export interface ComparisonPeriod {
  range: readonly [string, string];
  /** What the figure is compared with, to follow "vs": "the previous 30 days", "the same days last year". */
  phrase: string;
}

/**
 * The period a figure over `range` is compared with: the days just before for a rolling or custom range
 * (of equal length), the same days of the previous month, quarter or year for a "to date" preset (so a
 * year to date on 27 Nov compares with 1 Jan – 27 Nov of last year), the year before for last year.
 * Null only without a range (all dates has nothing before it).
 */
export function comparisonPeriod(range: DateRange | undefined, today: string): ComparisonPeriod | null {
  if (range === undefined) return null;
  const { from, to } = resolveDateRange(range, today);
  const calendar = (months: number, unit: string): ComparisonPeriod => ({
    range: [addMonths(from, -months), addMonths(to, -months)],
    phrase: `the same days last ${unit}`,
  });
  if (range === 'month_to_date') return calendar(1, 'month');
  if (range === 'quarter_to_date') return calendar(3, 'quarter');
  if (range === 'year_to_date') return calendar(12, 'year');
  if (range === 'last_year') return { range: [addMonths(from, -12), addMonths(to, -12)], phrase: 'the year before' };
  const days = daysBetween(from, to);
  return {
    range: [addDays(from, -days), addDays(from, -1)],
    phrase: days === 1 ? 'the day before' : `the previous ${days} days`,
  };
}

/** Why a period is not drawn as final. */
export type PeriodShortfall = 'clipped' | 'running' | 'immature';

export interface PeriodStatus {
  /** The bucket's label as the answer gives it: its first day. */
  label: string;
  /** The days of the bucket the figure covers (clipped to the range, and to today). */
  from: string;
  to: string;
  days: number;
  daysInPeriod: number;
  /** Empty when the period is whole, final and mature. */
  shortfalls: PeriodShortfall[];
  /** Why, a sentence per shortfall (partial, not yet mature); empty when the period is whole. */
  notes: string[];
  /** The notes as one line for a tooltip, a table cell or a CSV column. */
  note: string;
}

export interface PeriodContext {
  /** The query's range; without one, only today cuts a period short. */
  range: DateRange | undefined;
  granularity: TimeGranularity;
  today: string;
  /**
   * The measure's maturity (MeasureMeta.matureAfterDays): a period holding sales younger than this many
   * days at today is not yet mature.
   */
  matureAfterDays?: number;
  /**
   * The first day the data holds, when known: a period that starts before it holds only the days from then
   * (the first month of a dataset that starts on the 27th is 5 days, not a month).
   */
  dataFrom?: string;
}

const UNIT: Record<TimeGranularity, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/**
 * Whether the time bucket starting on `label` is whole within the range and finished by today, and (for a
 * measure that matures) old enough. Today counts as unfinished: its data runs to the current hour.
 */
export function periodStatus(label: string, context: PeriodContext): PeriodStatus {
  const { granularity, today, matureAfterDays } = context;
  const start = startOf(granularity, label);
  const end = addDays(nextStart(granularity, start), -1);
  const resolved = context.range === undefined ? null : resolveDateRange(context.range, today);
  // the bucket's first day, or later where the range or the data starts later
  const from = [resolved?.from, context.dataFrom].reduce<string>(
    (latest, day) => (day !== undefined && day > latest ? day : latest),
    start,
  );
  const rangeEnd = resolved && resolved.to < end ? resolved.to : end;
  const to = rangeEnd > today ? today : rangeEnd;
  const daysInPeriod = daysBetween(start, end);
  const days = Math.max(0, daysBetween(from, to));
  const shortfalls: PeriodShortfall[] = [];
  const notes: string[] = [];
  // A bucket outside the range or after today holds no data to mark (an answer never has one).
  if (days === 0) return { label, from, to, days, daysInPeriod, shortfalls, notes, note: '' };
  if (from > start || (resolved !== null && resolved.to < end && resolved.to < today)) shortfalls.push('clipped');
  const running = to === today && end >= today;
  if (running) shortfalls.push('running');
  if (shortfalls.length) {
    notes.push(
      granularity === 'day'
        ? 'Partial: today so far'
        : `Partial: ${days} of ${daysInPeriod} days${running ? ' so far' : ''} (${spanText(from, to)})${running ? `, the ${UNIT[granularity]} is not over` : ''}`,
    );
  }
  if (matureAfterDays !== undefined && daysBetween(to, today) - 1 < matureAfterDays) {
    shortfalls.push('immature');
    notes.push(`Not yet mature: it holds sales less than ${matureAfterDays} days old, so its figure can still change`);
  }
  return { label, from, to, days, daysInPeriod, shortfalls, notes, note: notes.join('. ') };
}
