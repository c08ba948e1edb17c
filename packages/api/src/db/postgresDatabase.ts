import postgres from 'postgres';
import type { Database, Queryable } from './database.ts';

/** A PostgreSQL server through `DATABASE_URL` (production, and the second API test run). */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const sql = postgres(url, { max: 10, onnotice: () => {}, connect_timeout: 5, idle_timeout: 30 });
  const asQueryable = (target: postgres.Sql | postgres.TransactionSql): Queryable => ({
    async query<Row extends object>(text: string, params?: readonly unknown[]) {
      const rows = await target.unsafe(text, params ? ([...params] as postgres.ParameterOrJSON<never>[]) : undefined);
      return [...rows] as unknown as Row[];
    },
  });
  return {
    ...asQueryable(sql),
    transaction: async (work) => (await sql.begin((tx) => work(asQueryable(tx)))) as Awaited<ReturnType<typeof work>>,
    async exec(script) {
      await sql.unsafe(script);
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
