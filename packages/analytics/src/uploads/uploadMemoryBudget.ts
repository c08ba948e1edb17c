// An upload's memory (issue #15, bench:upload: "loads gigabytes without growing memory"): while it is
// validated and loaded, DuckDB may hold what it holds now plus a budget, and no more; its aggregates,
// joins and inserts spill to its temp directory beyond that, and cached blocks of the database file are
// evicted first. DuckDB's memory_limit is instance-wide (duckdb_settings() scope GLOBAL; there is no
// per-connection limit), so queries answered meanwhile share the budget; the limit goes back as it was
// after the load, failed or not.
import type { DuckDBConnection } from '@duckdb/node-api';

/** What an upload's load may add to DuckDB's memory by default: measured in bench:upload (README). */
export const UPLOAD_MEMORY_BUDGET_BYTES = 96 * 2 ** 20;

export async function withMemoryBudget<T>(connection: DuckDBConnection, budgetBytes: number, work: () => Promise<T>): Promise<T> {
  const [[limit, used]] = (await connection.runAndReadAll("select current_setting('memory_limit'), (select coalesce(sum(memory_usage_bytes), 0) from duckdb_memory())")).getRowsJS() as [[string, bigint]];
  await connection.run(`set global memory_limit = '${Math.ceil((Number(used) + budgetBytes) / 2 ** 20)}MiB'`);
  try {
    return await work();
  } finally {
    await connection.run(`set global memory_limit = '${limit.replaceAll("'", "''")}'`);
  }
}
