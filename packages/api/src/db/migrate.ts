// One ordered set of SQL migrations (migrations/NNN_name.sql), applied once each, on PGlite and on a
// PostgreSQL server alike.
import { readdirSync, readFileSync } from 'node:fs';
import { apiPackageDir } from '../apiPackageDir.ts';
import type { Database } from './database.ts';

const migrationsDir = new URL('migrations/', apiPackageDir);

export async function migrate(db: Database): Promise<string[]> {
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
