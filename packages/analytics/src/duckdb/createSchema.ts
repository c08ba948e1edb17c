// Every table and view of schema/tables.ts, created if missing (idempotent; run at every open). A table
// that an older version made gets the columns added since (`create table if not exists` leaves it as it
// was): DuckDB cannot add a column with a constraint, so it arrives nullable with its default, and the
// generator version bump that came with it regenerates the rows (GENERATOR.md).
import type { DuckDBConnection } from '@duckdb/node-api';
import { tableColumns, type ColumnType } from '../clickhouse/tableColumns.ts';
import { DIMENSION_TABLES, FACT_TABLES, LEDGER_TABLES, ROLLUP_TABLES, UPLOAD_TABLES, VIEWS } from '../schema/tables.ts';

const TABLES = [DIMENSION_TABLES, FACT_TABLES, ROLLUP_TABLES, LEDGER_TABLES, UPLOAD_TABLES];

const typeSql = (type: ColumnType) =>
  type.kind === 'decimal' ? `decimal(${type.precision},${type.scale})` : type.kind;

export async function createSchema(connection: DuckDBConnection): Promise<void> {
  const existing = new Set(
    (
      await connection.runAndReadAll(`select table_name || '.' || column_name from information_schema.columns
    where table_schema = current_schema() and table_catalog = current_database()`)
    )
      .getRowsJS()
      .map((row) => String(row[0])),
  );
  for (const ddl of TABLES.flatMap(Object.values)) {
    await connection.run(ddl);
    const { name, columns } = tableColumns(ddl);
    if (![...existing].some((column) => column.startsWith(`${name}.`))) continue;
    for (const column of columns.filter((candidate) => !existing.has(`${name}.${candidate.name}`))) {
      await connection.run(
        `alter table ${name} add column ${column.name} ${typeSql(column.type)}${column.defaultValue === undefined ? '' : ` default ${column.defaultValue}`}`,
      );
    }
  }
  for (const ddl of Object.values(VIEWS)) await connection.run(ddl);
}
