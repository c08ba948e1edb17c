import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';
import { memoryLocks } from './memoryLocks.ts';

/** Embedded PostgreSQL in the API process. `dataDir` undefined keeps everything in memory (tests). */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
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
