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
    types: {
      json: {
        to: 3802,
        from: [114, 3802],
        serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
        parse: (text: string) => JSON.parse(text) as unknown,
      },
    },
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
    async advisoryLock(name, { wait }) {
      // Session locks belong to a connection: this one is kept out of the pool until the release.
      const connection = await sql.reserve();
      try {
        const [row] = await connection.unsafe<{ locked: boolean }[]>(
          wait
            ? 'select pg_advisory_lock(hashtext($1)) is not null as locked'
            : 'select pg_try_advisory_lock(hashtext($1)) as locked',
          [name],
        );
        if (!row?.locked) {
          connection.release();
          return null;
        }
      } catch (error) {
        connection.release();
        throw error;
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          try {
            await connection.unsafe('select pg_advisory_unlock(hashtext($1))', [name]);
          } catch {
            // A connection that died took its locks with it.
          } finally {
            connection.release();
          }
        },
      };
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
