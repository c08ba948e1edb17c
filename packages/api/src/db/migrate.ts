// One ordered set of SQL migrations (migrations/NNN_name.sql), applied once each, on PGlite and on a
// PostgreSQL server alike. Under an advisory lock: API processes starting together over one server
// migrate one after the other, and the later ones find nothing left to do.
import { readdirSync, readFileSync } from 'node:fs';
import { apiPackageDir } from '../apiPackageDir.ts';
import { withAdvisoryLock, type Database } from './database.ts';

export const MIGRATION_LOCK = 'payportal:migrations';

const migrationsDir = new URL('migrations/', apiPackageDir);

export function migrate(db: Database): Promise<string[]> {
  return withAdvisoryLock(db, MIGRATION_LOCK, () => migrateLocked(db));
}

async function migrateLocked(db: Database): Promise<string[]> {
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
  const pending = readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql') && !done.has(file))
    .sort();
  for (const file of pending) {
    const script = readFileSync(new URL(file, migrationsDir), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(script)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    });
  }
  return pending;
}

/** Migrations are plain statements separated by `;` at the end of a line (no functions with bodies). */
function splitStatements(script: string): string[] {
  return script
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
