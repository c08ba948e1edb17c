// What differs between the engines' SQL. The compiler writes everything else once; a dialect turns
// values into bound parameters (DuckDB) or escaped literals (ClickHouse 18.16 has no parameters).
import type { TimeGranularity } from '@payportal/shared/analytics';

/** integer: the organisation id, compared with the integer org_id column as an integer (no cast per row). */
export type ValueType = 'string' | 'number' | 'integer' | 'boolean' | 'date';
export type FilterValue = string | number | boolean;

export interface Dialect {
  readonly name: 'duckdb' | 'clickhouse';
  /** A fresh binder for one statement: values go in, placeholders or literals come out. */
  binder(): Binder;
  countIf(condition: string | undefined): string;
  sumIf(expression: string, condition: string | undefined): string;
  /** Casts a part to its exact type, so branches of a union agree: bigint counts, decimal(38,2) money. */
  part(expression: string, money: boolean): string;
  zero(money: boolean): string;
  /** The first day of the bucket holding `column` (a date), as a date; weeks start on Monday. */
  dateTrunc(granularity: TimeGranularity, column: string): string;
  /** A part of a timestamp as text that sorts right: the ISO weekday '1' (Monday) … '7', or the hour '00' … '23'. */
  timePart(part: 'weekday' | 'hour', column: string): string;
  /** A date expression as 'YYYY-MM-DD' text, for the answer. */
  dateText(expression: string): string;
  toDouble(expression: string): string;
  /** Case-insensitive substring test with no pattern characters (no LIKE). */
  containsText(expression: string, value: string): string;
  /** A subquery of periods: `bucket_label` (the grouping value), `bucket_start`, `bucket_end` (dates). */
  dateBuckets(buckets: readonly DateBucket[], binder: Binder): string;
  /** The value of the row with the largest `by` in the group. */
  argMax(value: string, by: string): string;
  /** The last day of the month of a date expression. */
  lastDayOfMonth(expression: string): string;
  /** The keyword of an inner join (ClickHouse 18.16 needs its strictness spelled out); one join per SELECT suits both. */
  readonly innerJoin: string;
  /** The keyword of a left join (every left row kept; one match each here). */
  readonly leftJoin: string;
}

export interface DateBucket {
  label: string;
  start: string;
  end: string;
}

export interface Binder {
  value(value: FilterValue, type: ValueType): string;
  readonly params: FilterValue[];
  /** Each parameter's declared type, in order: the engine binds it as that type, never as one guessed from the value. */
  readonly types: ValueType[];
}
