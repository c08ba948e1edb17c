// Revocation and a disabled identity are checked at once on
// writes and authenticate, and on reads within TOKEN_RECHECK_MS (60 s in production; 1 s here).
import { API_PATHS } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { createIdentity, idTokenFor, revokeSessions, setIdentityDisabled } from './emulatorTokens.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const RECHECK_MS = 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('revoked sessions on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  const uid = `revoked-${kind}`;
  const email = `revoked.${kind}@acme.example`;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db, { TOKEN_RECHECK_MS: String(RECHECK_MS) });
    await db.query(
      "insert into users (email, firebase_uid, name, org_id) select $1, $2, 'Rita Revoked', id from organizations where name = 'Acme Acquiring'",
      [email, uid],
    );
    await createIdentity({ uid, email, emailVerified: true, phone: '+16505550124' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('refuses writes and authenticate with api/token-revoked at once, and reads after the recheck window', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const headers = bearer(await idTokenFor(uid));
    const [me] = (await app.inject({ method: 'GET', url: `${API_PATHS.users}?email=${email}`, headers })).json();
    expect(
      (await app.inject({ method: 'PUT', url: API_PATHS.user(me.id), headers, payload: { name: 'Rita Before' } }))
        .statusCode,
    ).toBe(200);

    // Revocation has a resolution of one second: revoke strictly after the token was issued.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await revokeSessions(uid);

    const write = await app.inject({
      method: 'PUT',
      url: API_PATHS.user(me.id),
      headers,
      payload: { name: 'Rita After' },
    });
    expect(write.statusCode).toBe(401);
    expect(write.json().error.code).toBe('api/token-revoked');
    expect((await app.inject({ method: 'POST', url: API_PATHS.authenticate, headers })).json().error.code).toBe(
      'api/token-revoked',
    );
    const [row] = await db.query<{ name: string }>('select name from users where id = $1', [me.id]);
    expect(row!.name).toBe('Rita Before');
    // a read within the window may still use the verification from before the revocation…
    await pause(RECHECK_MS + 100);
    // …and after it the read is refused as well
    const read = await app.inject({ method: 'GET', url: `${API_PATHS.users}?email=${email}`, headers });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.code).toBe('api/token-revoked');
  });

  it('refuses reads of a disabled identity after the recheck window', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const disabledUid = `disabled-${kind}`;
    const disabledEmail = `disabled.${kind}@acme.example`;
    await db.query(
      "insert into users (email, firebase_uid, name, org_id) select $1, $2, 'Dora Disabled', id from organizations where name = 'Acme Acquiring'",
      [disabledEmail, disabledUid],
    );
    await createIdentity({ uid: disabledUid, email: disabledEmail, emailVerified: true, phone: '+16505550125' });
    const headers = bearer(await idTokenFor(disabledUid));
    const read = () => app.inject({ method: 'GET', url: `${API_PATHS.users}?email=${disabledEmail}`, headers });
    expect((await read()).statusCode).toBe(200);
    await setIdentityDisabled(disabledUid, true);
    await pause(RECHECK_MS + 100);
    const refused = await read();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('disabled');
  });
});
