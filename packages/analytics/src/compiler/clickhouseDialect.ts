// ClickHouse 18.16 (Debian's): no server-side parameters, so every value becomes a typed literal made
// by the one escaping module (clickhouseLiteral.ts, tested against a real server). Booleans are UInt8.
import { clickhouseBoolean, clickhouseDate, clickhouseNumber, clickhouseString } from '../clickhouse/clickhouseLiteral.ts';
import type { Binder, Dialect, FilterValue, ValueType } from './dialect.ts';

const TRUNC = { week: 'toMonday', month: 'toStartOfMonth', quarter: 'toStartOfQuarter', year: 'toStartOfYear' } as const;

/** A description's value as the literal of its declared type; a value of another type is refused. */
function clickhouseValue(value: FilterValue, type: ValueType): string {
  if (type === 'number' && typeof value === 'number') return clickhouseNumber(value);
  if (type === 'boolean' && typeof value === 'boolean') return clickhouseBoolean(value);
  if (type === 'date' && typeof value === 'string') return clickhouseDate(value);
  if (type === 'string' && typeof value === 'string') return clickhouseString(value);
  throw new TypeError(`a ${typeof value} is not a ${type} value`);
}

function clickhouseBinder(): Binder {
  const params: FilterValue[] = [];
  return { params, value: (value, type) => clickhouseValue(value, type) };
}

export const clickhouseDialect: Dialect = {
  name: 'clickhouse',
  binder: clickhouseBinder,
  countIf: (condition) => (condition ? `countIf(${condition})` : 'count()'),
  sumIf: (expression, condition) => (condition ? `sumIf(${expression}, ${condition})` : `sum(${expression})`),
  part: (expression, money) => (money ? `toDecimal128(${expression}, 2)` : `toInt64(${expression})`),
  zero: (money) => (money ? 'toDecimal128(0, 2)' : 'toInt64(0)'),
  dateTrunc: (granularity, column) => (granularity === 'day' ? column : `${TRUNC[granularity]}(${column})`),
  dateText: (expression) => `toString(${expression})`,
  toDouble: (expression) => `toFloat64(${expression})`,
  containsText: (expression, value) => `positionCaseInsensitiveUTF8(${expression}, ${value}) > 0`,
  dateBuckets: (buckets, binder) => {
    const tuples = buckets.map((bucket) => `tuple(${[bucket.label, bucket.start, bucket.end].map((date) => binder.value(date, 'date')).join(', ')})`);
    const column = (index: number, name: string) => `tupleElement(bucket, ${index}) as ${name}`;
    return `(select ${column(1, 'bucket_label')}, ${column(2, 'bucket_start')}, ${column(3, 'bucket_end')} from (select arrayJoin([${tuples.join(', ')}]) as bucket))`;
  },
  joinMerchants: (subquery) => `all inner join (${subquery}) as m using (org_id, merchant_id)`,
};
