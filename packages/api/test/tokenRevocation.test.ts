// DESIGN.md §4, issue #3: revocation is checked on writes and on authenticate; reads do not ask the
// identity service, so they keep working until the token expires.
import { API_PATHS } from '@payportal/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { createIdentity, idTokenFor, revokeSessions } from './emulatorTokens.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

describe.each(DATABASE_KINDS)('revoked sessions on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  const uid = `revoked-${kind}`;
  const email = `revoked.${kind}@acme.example`;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
    await db.query("insert into users (email, firebase_uid, name, org_id) select $1, $2, 'Rita Revoked', id from organizations where name = 'Acme Acquiring'", [email, uid]);
    await createIdentity({ uid, email, emailVerified: true });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('refuses writes and authenticate with api/token-revoked once the sessions are revoked, and still answers reads', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const headers = bearer(await idTokenFor(uid));
    const [me] = (await app.inject({ method: 'GET', url: `${API_PATHS.users}?email=${email}`, headers })).json();
    expect((await app.inject({ method: 'PUT', url: API_PATHS.user(me.id), headers, payload: { name: 'Rita Before' } })).statusCode).toBe(200);

    // Revocation has a resolution of one second: revoke strictly after the token was issued.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await revokeSessions(uid);

    const write = await app.inject({ method: 'PUT', url: API_PATHS.user(me.id), headers, payload: { name: 'Rita After' } });
    expect(write.statusCode).toBe(401);
    expect(write.json().error.code).toBe('api/token-revoked');
    expect((await app.inject({ method: 'POST', url: API_PATHS.authenticate, headers })).json().error.code).toBe('api/token-revoked');
    const [row] = await db.query<{ name: string }>('select name from users where id = $1', [me.id]);
    expect(row!.name).toBe('Rita Before');
    expect((await app.inject({ method: 'GET', url: `${API_PATHS.users}?email=${email}`, headers })).statusCode).toBe(200);
  });
});
