// An export's question cut into calendar months (bench:export): the engine then holds one
// month's groups at a time, not the whole answer's, and a job can tell its rows as each month is
// written. Only where that changes nothing: the rows are grouped by day or month, so every group lies
// in one month; the order starts with the date ascending (the default order does), so the months'
// answers one after another are the whole answer in its order; and attrition, which counts over
// periods of its own, is not asked. Otherwise one piece: the description itself.
import type { QueryDescription } from '@payportal/shared/analytics';
import { resolveDateRange } from './dateRange.ts';

/** The calendar days any data may hold (the description schema's own bounds). */
const EARLIEST = '1900-01-01';
const LATEST = '2199-12-31';

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function splitsByMonth(description: QueryDescription): boolean {
  const time = description.timeDimension;
  if (time?.granularity !== 'day' && time?.granularity !== 'month') return false;
  if (description.measures.includes('attrition')) return false;
  const first = description.order[0];
  return !first || (first.member === 'date' && first.direction === 'asc');
}

/**
 * The pieces of `description`, in order, without its limit (the caller keeps the count across pieces).
 * `months` are the first days ('YYYY-MM-01') of the months that hold data, ascending; the first and
 * last pieces reach to the schema's bounds, so no row outside them is lost.
 */
export function exportPieces(
  description: QueryDescription,
  today: string,
  months: readonly string[],
): QueryDescription[] {
  const { limit: _limit, ...unlimited } = description;
  if (!splitsByMonth(description)) return [unlimited];
  const time = description.timeDimension!;
  const range = time.dateRange ? resolveDateRange(time.dateRange, today) : { from: EARLIEST, to: LATEST };
  // The first month with data opens no piece of its own: the first piece reaches back to the range's start.
  const starts = [range.from, ...months.slice(1).filter((month) => month > range.from && month <= range.to)];
  return starts.map((from, index) => {
    const to = index + 1 < starts.length ? dayBefore(starts[index + 1]!) : range.to;
    return { ...unlimited, timeDimension: { ...time, dateRange: [from, to] as [string, string] } };
  });
}
