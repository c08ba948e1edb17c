// DuckDB: every value is a positional parameter with an explicit cast; nothing from a caller is ever
// spliced into the text.
import type { Binder, Dialect, FilterValue, ValueType } from './dialect.ts';

const CAST: Record<ValueType, string> = {
  string: 'VARCHAR',
  number: 'DOUBLE',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  date: 'DATE',
};

function duckdbBinder(): Binder {
  const params: FilterValue[] = [];
  const types: ValueType[] = [];
  return {
    params,
    types,
    value(value, type) {
      params.push(value);
      types.push(type);
      return `$${params.length}::${CAST[type]}`;
    },
  };
}

export const duckdbDialect: Dialect = {
  name: 'duckdb',
  binder: duckdbBinder,
  countIf: (condition) => (condition ? `count(*) filter (where ${condition})` : 'count(*)'),
  sumIf: (expression, condition) => `coalesce(sum(${expression})${condition ? ` filter (where ${condition})` : ''}, 0)`,
  part: (expression, money) => `cast(${expression} as ${money ? 'decimal(38,2)' : 'bigint'})`,
  zero: (money) => (money ? 'cast(0 as decimal(38,2))' : 'cast(0 as bigint)'),
  timePart: (part, column) =>
    part === 'weekday' ? `isodow(${column})::varchar` : `lpad(hour(${column})::varchar, 2, '0')`,
  dateTrunc: (granularity, column) =>
    granularity === 'day' ? column : `cast(date_trunc('${granularity}', ${column}) as date)`,
  dateText: (expression) => `strftime(${expression}, '%Y-%m-%d')`,
  toDouble: (expression) => `cast(${expression} as double)`,
  containsText: (expression, value) => `strpos(lower(${expression}), lower(${value})) > 0`,
  dateBuckets: (buckets, binder) => {
    const rows = buckets.map(
      (bucket) => `(${[bucket.label, bucket.start, bucket.end].map((date) => binder.value(date, 'date')).join(', ')})`,
    );
    return `(select * from (values ${rows.join(', ')}) as b(bucket_label, bucket_start, bucket_end))`;
  },
  argMax: (value, by) => `arg_max(${value}, ${by})`,
  lastDayOfMonth: (expression) => `last_day(${expression})`,
  innerJoin: 'join',
  leftJoin: 'left join',
};
