// The migrated and seeded database every API test file starts from, made once per `vitest run` by the
// global setup (about 80 files each migrated and seeded their own): a PGlite tarball that
// each file opens a copy of, and a PostgreSQL template database each file's database is created from.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { pgliteDatabase } from '../src/db/pgliteDatabase.ts';
import { openPostgresDatabase } from '../src/db/postgresDatabase.ts';
import { seedDemoData } from '../src/seed/seedDatabase.ts';

/** The name of the template database on the suite's PostgreSQL server. */
export const POSTGRES_TEMPLATE = 'api_template';

export interface DatabaseTemplates {
  /** A file holding PGlite's `dumpDataDir` tarball of the migrated and seeded database. */
  pgliteTarball: string;
  /** `POSTGRES_TEMPLATE` when the server runs, else null. */
  postgresTemplate: string | null;
  remove(): void;
}

async function migrateAndSeed(db: Database): Promise<void> {
  await migrate(db);
  await seedDemoData(db);
}

export async function createDatabaseTemplates(postgresUrl: string | null): Promise<DatabaseTemplates> {
  const dir = mkdtempSync(join(tmpdir(), 'payportal-dbtemplate-'));
  const pgliteTarball = join(dir, 'pglite.tgz');
  const makePglite = async () => {
    const pglite = await PGlite.create();
    await migrateAndSeed(pgliteDatabase(pglite));
    writeFileSync(pgliteTarball, new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    await pglite.close();
  };
  const makePostgres = async () => {
    if (!postgresUrl) return null;
    const admin = await openPostgresDatabase(postgresUrl);
    await admin.exec(`create database ${POSTGRES_TEMPLATE}`);
    await admin.close();
    // Closed before any copy is made: PostgreSQL copies a template only while nobody is connected to it.
    const template = await openPostgresDatabase(postgresUrl.replace(/\/postgres$/, `/${POSTGRES_TEMPLATE}`));
    await migrateAndSeed(template);
    await template.close();
    return POSTGRES_TEMPLATE;
  };
  const [, postgresTemplate] = await Promise.all([makePglite(), makePostgres()]);
  return { pgliteTarball, postgresTemplate, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
