// An upload's memory (bench:upload: "loads gigabytes without growing memory"): while it is
// validated and loaded, DuckDB may hold what it held when the first load began plus a budget per load
// under way, and no more; its aggregates, joins and inserts spill to its temp directory beyond that, and
// cached blocks of the database file are evicted first. DuckDB's memory_limit is instance-wide
// (duckdb_settings() scope GLOBAL; there is no per-connection limit), so queries answered meanwhile share
// the budget, and loads running at once (two organisations) add theirs up; the limit goes back to what it
// was when the last of them ends, failed or not.
import type { DuckDBConnection } from '@duckdb/node-api';

/** What an upload's load may add to DuckDB's memory by default: measured in bench:upload (README). */
export const UPLOAD_MEMORY_BUDGET_BYTES = 64 * 2 ** 20;

/** The memory budgets of one DuckDB instance's loads. */
export class MemoryBudgets {
  /** The limit before the first load under way, and DuckDB's use then; null when no load runs. */
  private before: { limit: string; usedBytes: number } | null = null;
  private budgetsBytes = 0;
  /** Settings change one at a time, in order, so two loads never restore each other's values. */
  private settings: Promise<unknown> = Promise.resolve();

  async with<T>(connection: DuckDBConnection, budgetBytes: number, work: () => Promise<T>): Promise<T> {
    await this.change(async () => {
      if (!this.before) {
        const [[limit, used]] = (
          await connection.runAndReadAll(
            "select current_setting('memory_limit'), (select coalesce(sum(memory_usage_bytes), 0) from duckdb_memory())",
          )
        ).getRowsJS() as [[string, bigint]];
        this.before = { limit, usedBytes: Number(used) };
      }
      this.budgetsBytes += budgetBytes;
      await this.apply(connection);
    });
    try {
      return await work();
    } finally {
      await this.change(async () => {
        this.budgetsBytes -= budgetBytes;
        await this.apply(connection);
      });
    }
  }

  private change(step: () => Promise<void>): Promise<void> {
    const next = this.settings.then(step);
    this.settings = next.catch(() => undefined);
    return next;
  }

  private async apply(connection: DuckDBConnection): Promise<void> {
    const before = this.before!;
    if (this.budgetsBytes > 0) {
      await connection.run(
        `set global memory_limit = '${Math.ceil((before.usedBytes + this.budgetsBytes) / 2 ** 20)}MiB'`,
      );
      return;
    }
    this.before = null;
    await connection.run(`set global memory_limit = '${before.limit.replaceAll("'", "''")}'`);
  }
}
