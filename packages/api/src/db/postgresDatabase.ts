import postgres from 'postgres';
import type { Database, Queryable } from './database.ts';

/** A PostgreSQL server through `DATABASE_URL` (production, and the second API test run). */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 30,
    // The SQL of this package passes jsonb parameters as JSON text (as PGlite takes them); without this
    // postgres.js would encode that text once more and store a JSON string instead of an object.
    types: { json: { to: 3802, from: [114, 3802], serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)), parse: (text: string) => JSON.parse(text) as unknown } },
  });
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
