// Merchants with at least one sale in an organisation's DuckDB data: the long tail's smallest merchants
// may have none, so a test that counts answer rows per merchant asks the data how many to expect.
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';

export function merchantsWithSales(engine: DuckDBEngine, orgId: number): Promise<number> {
  return engine.withConnection(async (connection) => {
    const reader = await connection.runAndReadAll(
      `select count(distinct merchant_id) from transactions where org_id = ${orgId} and not is_refund`,
    );
    return Number(reader.getRows()[0]![0]);
  });
}
