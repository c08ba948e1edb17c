// Every table and view of schema/tables.ts, created if missing (idempotent; run at every open).
import type { DuckDBConnection } from '@duckdb/node-api';
import { DIMENSION_TABLES, FACT_TABLES, LEDGER_TABLES, ROLLUP_TABLES, UPLOAD_TABLES, VIEWS } from '../schema/tables.ts';

export async function createSchema(connection: DuckDBConnection): Promise<void> {
  for (const ddl of [DIMENSION_TABLES, FACT_TABLES, ROLLUP_TABLES, LEDGER_TABLES, UPLOAD_TABLES, VIEWS].flatMap(Object.values)) {
    await connection.run(ddl);
  }
}
