import { join } from 'node:path';
import type { ApiConfig } from '../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPgliteDatabase } from './pgliteDatabase.ts';
import { openPostgresDatabase } from './postgresDatabase.ts';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Pick<ApiConfig, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  const db = config.DATABASE_URL
    ? await openPostgresDatabase(config.DATABASE_URL)
    : await openPgliteDatabase(join(config.DATA_DIR, 'pglite'));
  await migrate(db);
  return db;
}
