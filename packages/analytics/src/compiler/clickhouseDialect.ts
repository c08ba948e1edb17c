// ClickHouse 18.16 (Debian's): no server-side parameters, so every value becomes a typed literal made
// by the one escaping module (clickhouseLiteral.ts, tested against a real server). Booleans are UInt8.
import {
  clickhouseBoolean,
  clickhouseDate,
  clickhouseNumber,
  clickhouseString,
} from '../clickhouse/clickhouseLiteral.ts';
import { clickhouseContainsText } from '../clickhouse/duckdbLowerCase.ts';
import type { Binder, Dialect, FilterValue, ValueType } from './dialect.ts';

const TRUNC = {
  week: 'toMonday',
  month: 'toStartOfMonth',
  quarter: 'toStartOfQuarter',
  year: 'toStartOfYear',
} as const;

// 18.16's Date holds 1970-01-01…2105-12-31, and so does every date column here. A description may name
// any calendar day (a "from 1900-01-01" meaning "from the start"), so a day outside is moved to the
// nearest end: every range comparison answers as DuckDB's does, because no row lies beyond either end.
// (Equality with such a day would match the end day's rows; attrition periods outside the range fold
// into the end period. CLICKHOUSE.md.)
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '2105-12-31';
function isCalendarDay(value: string): boolean {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  return day !== null && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

function clickhouseDay(value: string): string {
  if (isCalendarDay(value) && value < FIRST_DAY) return clickhouseDate(FIRST_DAY);
  if (isCalendarDay(value) && value > LAST_DAY) return clickhouseDate(LAST_DAY);
  return clickhouseDate(value);
}

/** A description's value as the literal of its declared type; a value of another type is refused. */
function clickhouseValue(value: FilterValue, type: ValueType): string {
  if (type === 'number' && typeof value === 'number') return clickhouseNumber(value);
  if (type === 'integer' && Number.isSafeInteger(value)) return clickhouseNumber(value as number);
  if (type === 'boolean' && typeof value === 'boolean') return clickhouseBoolean(value);
  if (type === 'date' && typeof value === 'string') return clickhouseDay(value);
  if (type === 'string' && typeof value === 'string') return clickhouseString(value);
  throw new TypeError(`a ${typeof value} is not a ${type} value`);
}

function clickhouseBinder(): Binder {
  const params: FilterValue[] = [];
  return { params, types: [], value: (value, type) => clickhouseValue(value, type) };
}

export const clickhouseDialect: Dialect = {
  name: 'clickhouse',
  binder: clickhouseBinder,
  countIf: (condition) => (condition ? `countIf(${condition})` : 'count()'),
  sumIf: (expression, condition) => (condition ? `sumIf(${expression}, ${condition})` : `sum(${expression})`),
  part: (expression, money) => (money ? `toDecimal128(${expression}, 2)` : `toInt64(${expression})`),
  zero: (money) => (money ? 'toDecimal128(0, 2)' : 'toInt64(0)'),
  timePart: (part, column) =>
    part === 'weekday'
      ? `toString(toDayOfWeek(${column}))`
      : `if(toHour(${column}) < 10, concat('0', toString(toHour(${column}))), toString(toHour(${column})))`,
  dateTrunc: (granularity, column) => (granularity === 'day' ? column : `${TRUNC[granularity]}(${column})`),
  // toString prints day 0 (1970-01-01) as 0000-00-00.
  dateText: (expression) => `if(${expression} = toDate('1970-01-01'), '1970-01-01', toString(${expression}))`,
  toDouble: (expression) => `toFloat64(${expression})`,
  // Not positionCaseInsensitiveUTF8: it folds 545 code points differently from DuckDB's lower().
  containsText: clickhouseContainsText,
  dateBuckets: (buckets, binder) => {
    const tuples = buckets.map(
      (bucket) =>
        `tuple(${[bucket.label, bucket.start, bucket.end].map((date) => binder.value(date, 'date')).join(', ')})`,
    );
    const column = (index: number, name: string) => `tupleElement(bucket, ${index}) as ${name}`;
    return `(select ${column(1, 'bucket_label')}, ${column(2, 'bucket_start')}, ${column(3, 'bucket_end')} from (select arrayJoin([${tuples.join(', ')}]) as bucket))`;
  },
  argMax: (value, by) => `argMax(${value}, ${by})`,
  lastDayOfMonth: (expression) => `addDays(addMonths(toStartOfMonth(${expression}), 1), -1)`,
  innerJoin: 'all inner join',
  leftJoin: 'any left join',
};
