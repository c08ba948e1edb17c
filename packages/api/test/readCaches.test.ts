// docs/engine.md "Caches": reads may use the signed-in user's row for USER_CACHE_MS; the caller's own writes
// are visible to the next read at once, and a deactivation elsewhere takes effect within that time.
import { API_PATHS } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const USER_CACHE_MS = 300;

describe.each(DATABASE_KINDS)('read caches on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (db) app = await createTestApp(db, { USER_CACHE_MS: String(USER_CACHE_MS) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  const readSelf = async (uid: string, email: string) =>
    app.inject({ method: 'GET', url: `${API_PATHS.users}?email=${email}`, headers: bearer(await idTokenFor(uid)) });

  it('shows the caller’s own change on the very next read', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const [me] = (await readSelf('seed-analyst', 'analyst@acme.example')).json();
    const put = await app.inject({
      method: 'PUT',
      url: API_PATHS.user(me.id),
      headers: bearer(await idTokenFor('seed-analyst')),
      payload: { name: 'Quinn Renamed' },
    });
    expect(put.statusCode).toBe(200);
    expect((await readSelf('seed-analyst', 'analyst@acme.example')).json()[0].name).toBe('Quinn Renamed');
  });

  it('refuses a user deactivated elsewhere within USER_CACHE_MS, and refuses writes at once', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    expect((await readSelf('seed-mfa', 'mfa@acme.example')).statusCode).toBe(200);
    await db.query("update users set is_active = false where email = 'mfa@acme.example'");
    const write = await app.inject({
      method: 'POST',
      url: API_PATHS.terms,
      headers: bearer(await idTokenFor('seed-mfa')),
      payload: { user_id: 1, product_id: 2, acceptance_status: true },
    });
    expect(write.json().error.code).toBe('disabled');
    await new Promise((resolve) => setTimeout(resolve, USER_CACHE_MS + 50));
    expect((await readSelf('seed-mfa', 'mfa@acme.example')).json().error.code).toBe('disabled');
  });
});
