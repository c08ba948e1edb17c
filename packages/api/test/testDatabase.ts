// One fresh, migrated and seeded database per test file, on PGlite or on the suite's PostgreSQL server:
// a copy of the one the global setup migrated and seeded for the run (databaseTemplates.ts).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openPgliteDatabase } from '../src/db/pgliteDatabase.ts';
import { openPostgresDatabase } from '../src/db/postgresDatabase.ts';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const POSTGRES_MISSING =
  'no PostgreSQL binaries under /usr/lib/postgresql/*/bin: the PostgreSQL run is skipped (install it with `sudo apt-get install postgresql`; as root the suite installs it), the PGlite run still counts';

/** Null only for 'postgres' when the server could not be started (see globalSetup). */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database | null> {
  return kind === 'pglite'
    ? openPgliteDatabase(undefined, new Blob([readFileSync(inject('pgliteTemplate'))]))
    : openFreshPostgres();
}

async function openFreshPostgres(): Promise<Database | null> {
  const serverUrl = inject('postgresUrl');
  const template = inject('postgresTemplate');
  if (!serverUrl || !template) return null;
  const name = `api_${randomUUID().replaceAll('-', '')}`;
  const admin = await openPostgresDatabase(serverUrl);
  await admin.exec(`create database ${name} template ${template}`);
  await admin.close();
  return openPostgresDatabase(serverUrl.replace(/\/postgres$/, `/${name}`));
}
