import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';
import { memoryLocks } from './memoryLocks.ts';

/**
 * Embedded PostgreSQL in the API process. `dataDir` undefined keeps everything in memory (tests);
 * `copyOf`, a tarball from PGlite's `dumpDataDir`, starts it as a copy of that database (the API tests
 * migrate and seed once per run and open copies: packages/api/test/testDatabase.ts).
 */
export async function openPgliteDatabase(dataDir?: string, copyOf?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create({ dataDir, ...(copyOf && { loadDataDir: copyOf }) }));
}

/** The `Database` over an open PGlite. */
export function pgliteDatabase(db: PGlite): Database {
  const asQueryable = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<Row extends object>(sql: string, params?: readonly unknown[]) {
      const result = await target.query<Row>(sql, params ? [...params] : undefined);
      return result.rows;
    },
  });
  return {
    ...asQueryable(db),
    transaction: (work) => db.transaction((tx) => work(asQueryable(tx))),
    async exec(script) {
      await db.exec(script);
    },
    advisoryLock: memoryLocks(),
    close: () => db.close(),
  };
}
