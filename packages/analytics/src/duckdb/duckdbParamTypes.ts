// The DuckDB type each bound parameter is sent as. Without it the client guesses from the JS value, and a
// whole number beyond 64 bits (1e19, 1e300) is guessed as BIGINT and refused before the SQL's own cast.
import { BOOLEAN, DOUBLE, INTEGER, VARCHAR, type DuckDBType } from '@duckdb/node-api';
import type { ValueType } from '../compiler/dialect.ts';

// A date travels as its 'YYYY-MM-DD' text, which the placeholder's own ::DATE cast reads.
const DUCKDB_TYPE: Record<ValueType, DuckDBType> = {
  string: VARCHAR,
  number: DOUBLE,
  integer: INTEGER,
  boolean: BOOLEAN,
  date: VARCHAR,
};

/** `undefined` for SQL whose parameters were not bound by a Binder (the client then guesses, as before). */
export function duckdbParamTypes(types: readonly ValueType[] | undefined): DuckDBType[] | undefined {
  return types?.map((type) => DUCKDB_TYPE[type]);
}
