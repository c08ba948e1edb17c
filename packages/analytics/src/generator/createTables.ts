import type { DuckDBConnection } from '@duckdb/node-api';
import { DIMENSION_TABLES, FACT_TABLES, LEDGER_TABLES, ROLLUP_TABLES } from '../schema/tables.ts';

/** Creates every analytics table that does not exist yet (the DDL of schema/tables.ts). */
export async function createTables(connection: DuckDBConnection): Promise<void> {
  for (const ddl of [DIMENSION_TABLES, FACT_TABLES, ROLLUP_TABLES, LEDGER_TABLES].flatMap(Object.values)) {
    await connection.run(ddl);
  }
}
