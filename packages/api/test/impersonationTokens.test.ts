// (SECURITY.md #5): a support person's own ID token is no master key. It is exchanged
// for an impersonation token bound to them and one user, read-only unless they hold support_write,
// living at most 15 minutes, checked again on every use, and audited. authorizationMatrix.test.ts walks
// every route with these tokens; this file proves each rule of the token itself.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { API_PATHS, IMPERSONATION_TOKEN_PREFIX, type PlatformPermission } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { createIdentity, idTokenFor, revokeSessions, setIdentityDisabled } from './emulatorTokens.ts';
import { exchangeForImpersonation, impersonating, impersonationHeaders } from './impersonation.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const RECHECK_MS = 1000;
const SHORT_TTL_MS = 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('impersonation tokens on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  let mfaId: number;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db, { TOKEN_RECHECK_MS: String(RECHECK_MS) });
    [{ id: mfaId }] = (await db.query<{ id: number }>("select id from users where email = 'mfa@acme.example'")) as [
      { id: number },
    ];
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const exchange = async (uid: string, email: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: API_PATHS.impersonation,
      headers: { ...bearer(await idTokenFor(uid)), ...headers },
      payload: { email },
    });
  const readAs = (headers: Record<string, string>, email = 'mfa@acme.example') =>
    app.inject({ method: 'GET', url: `${API_PATHS.users}?email=${email}`, headers });
  const renameAs = (headers: Record<string, string>, name: string) =>
    app.inject({ method: 'PUT', url: API_PATHS.user(mfaId), headers, payload: { name } });
  const errorCode = (response: { json(): { error?: { code?: string } } }) => response.json().error?.code;

  /** A support user of this test alone, so that revoking or deactivating them touches no other test. */
  async function createSupportUser(name: string, permissions: PlatformPermission[]): Promise<string> {
    const uid = `${name}-${kind}`;
    const email = `${name}.${kind}@payportal.example`;
    await db!.query(
      "insert into users (email, firebase_uid, name, org_id) select $1, $2, 'Temp Support', id from organizations where name = 'PayPortal'",
      [email, uid],
    );
    for (const permission of permissions) {
      await db!.query(
        'insert into platform_permissions (user_id, permission) select id, $2 from users where email = $1',
        [email, permission],
      );
    }
    await createIdentity({ uid, email, emailVerified: true });
    return uid;
  }

  it('issues support staff an opaque token for 15 minutes, read-only without support_write, and stores only its hash', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const before = Date.now();
    const response = await exchange('seed-support', 'MFA@acme.example ');
    expect(response.statusCode).toBe(201);
    const after = Date.now();
    const issued = response.json();
    expect(Object.keys(issued).sort()).toEqual(['expires_at', 'read_only', 'token']);
    expect(issued.token).toMatch(new RegExp(`^${IMPERSONATION_TOKEN_PREFIX}[\\w-]{43}$`));
    expect(issued.read_only).toBe(true);
    expect(Date.parse(issued.expires_at)).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(Date.parse(issued.expires_at)).toBeLessThanOrEqual(after + 15 * 60_000);
    expect((await exchangeForImpersonation(app, 'seed-support-lead', 'mfa@acme.example')).read_only).toBe(false);

    const stored = await db.query<Record<string, unknown>>('select * from impersonation_tokens');
    expect(JSON.stringify(stored)).not.toContain(issued.token);
    expect(JSON.stringify(stored)).not.toContain(issued.token.slice(IMPERSONATION_TOKEN_PREFIX.length));
    expect(stored.map((row) => row.can_write).sort()).toEqual([false, true]);
  });

  it('refuses the exchange to anyone without support, and for unknown, inactive or support-staff targets', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const byOwner = await exchange('seed-owner', 'analyst@acme.example');
    expect(byOwner.statusCode).toBe(403);
    expect(errorCode(byOwner)).toBe(API_ERROR_CODES.impersonationForbidden);
    expect(byOwner.body).not.toContain('Quinn');
    expect(errorCode(await exchange('seed-support', 'nobody@acme.example'))).toBe(API_ERROR_CODES.notFound);
    expect(errorCode(await exchange('seed-support', 'inactive@acme.example'))).toBe(API_ERROR_CODES.disabled);
    const supportTarget = await exchange('seed-support-lead', 'support@payportal.example');
    expect(supportTarget.statusCode).toBe(403);
    expect(errorCode(supportTarget)).toBe(API_ERROR_CODES.impersonationForbidden);
    expect(errorCode(await exchange('seed-support', 'not an address'))).toBe(API_ERROR_CODES.badRequest);
    expect(
      (await app.inject({ method: 'POST', url: API_PATHS.impersonation, payload: { email: 'mfa@acme.example' } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a Firebase ID token sent with Impersonate-User: the master key is closed', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await readAs({
      ...bearer(await idTokenFor('seed-support-lead')),
      'Impersonate-User': 'mfa@acme.example',
    });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(API_ERROR_CODES.impersonationTokenRequired);
    expect(response.body).not.toContain('Max Factor');
  });

  it('acts only as the token’s own target: another or no Impersonate-User is refused', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const { token } = await exchangeForImpersonation(app, 'seed-support', 'mfa@acme.example');
    expect((await readAs(impersonating(token, 'mfa@acme.example'))).statusCode).toBe(200);
    const otherTarget = await readAs(impersonating(token, 'analyst@acme.example'), 'analyst@acme.example');
    expect(otherTarget.statusCode).toBe(403);
    expect(errorCode(otherTarget)).toBe(API_ERROR_CODES.impersonationForbidden);
    const noHeader = await readAs(bearer(token));
    expect(noHeader.statusCode).toBe(403);
    expect(errorCode(noHeader)).toBe(API_ERROR_CODES.impersonationForbidden);
  });

  it('keeps a token read-only without support_write, and lets a support_write token write', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const readOnly = await renameAs(
      await impersonationHeaders(app, 'seed-support', 'mfa@acme.example'),
      'Changed By Support',
    );
    expect(readOnly.statusCode).toBe(403);
    expect(errorCode(readOnly)).toBe(API_ERROR_CODES.impersonationReadOnly);
    const written = await renameAs(
      await impersonationHeaders(app, 'seed-support-lead', 'mfa@acme.example'),
      'Changed By Support Lead',
    );
    expect(written.statusCode).toBe(200);
    const [row] = await db.query<{ name: string }>('select name from users where id = $1', [mfaId]);
    expect(row!.name).toBe('Changed By Support Lead');
  });

  it('cannot mint another token with an impersonation token', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    for (const supportUid of ['seed-support', 'seed-support-lead']) {
      const { token } = await exchangeForImpersonation(app, supportUid, 'mfa@acme.example');
      const response = await app.inject({
        method: 'POST',
        url: API_PATHS.impersonation,
        headers: impersonating(token, 'mfa@acme.example'),
        payload: { email: 'analyst@acme.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe(API_ERROR_CODES.impersonationForbidden);
    }
  });

  it('answers 401 api/impersonation-expired for an expired or unknown token, so the app exchanges again', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const shortLived = await createTestApp(db, { IMPERSONATION_TOKEN_TTL_MS: String(SHORT_TTL_MS) });
    try {
      const issue = await shortLived.inject({
        method: 'POST',
        url: API_PATHS.impersonation,
        headers: bearer(await idTokenFor('seed-support')),
        payload: { email: 'mfa@acme.example' },
      });
      const headers = impersonating(issue.json().token, 'mfa@acme.example');
      const read = () =>
        shortLived.inject({ method: 'GET', url: `${API_PATHS.users}?email=mfa@acme.example`, headers });
      expect((await read()).statusCode).toBe(200);
      await pause(SHORT_TTL_MS + 100);
      const expired = await read();
      expect(expired.statusCode).toBe(401);
      expect(errorCode(expired)).toBe(API_ERROR_CODES.impersonationExpired);
    } finally {
      await shortLived.close();
    }
    const unknown = await readAs(impersonating(`${IMPERSONATION_TOKEN_PREFIX}${'A'.repeat(43)}`, 'mfa@acme.example'));
    expect(unknown.statusCode).toBe(401);
    expect(errorCode(unknown)).toBe(API_ERROR_CODES.impersonationExpired);
  });

  it('refuses the next request once the support user is deactivated or loses support, and writes once support_write is gone', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const deactivated = await createSupportUser('support-deactivated', ['support']);
    const deactivatedHeaders = await impersonationHeaders(app, deactivated, 'mfa@acme.example');
    expect((await readAs(deactivatedHeaders)).statusCode).toBe(200);
    await db.query('update users set is_active = false where firebase_uid = $1', [deactivated]);
    const afterDeactivation = await readAs(deactivatedHeaders);
    expect(afterDeactivation.statusCode).toBe(403);
    expect(errorCode(afterDeactivation)).toBe(API_ERROR_CODES.disabled);

    const demoted = await createSupportUser('support-demoted', ['support', 'support_write']);
    const demotedHeaders = await impersonationHeaders(app, demoted, 'mfa@acme.example');
    expect((await renameAs(demotedHeaders, 'Max Factor')).statusCode).toBe(200);
    await db.query(
      "delete from platform_permissions where permission = 'support_write' and user_id = (select id from users where firebase_uid = $1)",
      [demoted],
    );
    expect(errorCode(await renameAs(demotedHeaders, 'Max Factor'))).toBe(API_ERROR_CODES.impersonationReadOnly);
    expect((await readAs(demotedHeaders)).statusCode).toBe(200);
    await db.query('delete from platform_permissions where user_id = (select id from users where firebase_uid = $1)', [
      demoted,
    ]);
    expect(errorCode(await readAs(demotedHeaders))).toBe(API_ERROR_CODES.impersonationForbidden);
  });

  it('refuses writes at once, and reads within the recheck window, when the support user’s sessions are revoked or identity disabled', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const revoked = await createSupportUser('support-revoked', ['support', 'support_write']);
    const revokedHeaders = await impersonationHeaders(app, revoked, 'mfa@acme.example');
    expect((await readAs(revokedHeaders)).statusCode).toBe(200);
    // Revocation has a resolution of one second: revoke strictly after the token was issued.
    await pause(1100);
    await revokeSessions(revoked);
    const write = await renameAs(revokedHeaders, 'Max Revoked');
    expect(write.statusCode).toBe(401);
    expect(errorCode(write)).toBe(API_ERROR_CODES.tokenRevoked);
    await pause(RECHECK_MS + 100);
    expect(errorCode(await readAs(revokedHeaders))).toBe(API_ERROR_CODES.tokenRevoked);

    const disabled = await createSupportUser('support-disabled', ['support']);
    const disabledHeaders = await impersonationHeaders(app, disabled, 'mfa@acme.example');
    expect((await readAs(disabledHeaders)).statusCode).toBe(200);
    await setIdentityDisabled(disabled, true);
    await pause(RECHECK_MS + 100);
    const read = await readAs(disabledHeaders);
    expect(read.statusCode).toBe(403);
    expect(errorCode(read)).toBe(API_ERROR_CODES.disabled);
  });

  it('writes an audit row for each exchange and each use, refused ones included', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const audit = () =>
      db!.query<{ caller: string; target_email: string; method: string; path: string; status: number }>(
        'select u.email as caller, a.target_email, a.method, a.path, a.status from impersonation_audit a join users u on u.id = a.caller_user_id order by a.id',
      );
    const before = (await audit()).length;
    const headers = await impersonationHeaders(app, 'seed-support', 'analyst@acme.example');
    await readAs(headers, 'analyst@acme.example');
    await app.inject({ method: 'PUT', url: API_PATHS.user(mfaId), headers, payload: { name: 'Nope' } });
    await exchange('seed-owner', 'analyst@acme.example');
    expect((await audit()).slice(before)).toEqual([
      {
        caller: 'support@payportal.example',
        target_email: 'analyst@acme.example',
        method: 'POST',
        path: API_PATHS.impersonation,
        status: 201,
      },
      {
        caller: 'support@payportal.example',
        target_email: 'analyst@acme.example',
        method: 'GET',
        path: API_PATHS.users,
        status: 200,
      },
      {
        caller: 'support@payportal.example',
        target_email: 'analyst@acme.example',
        method: 'PUT',
        path: API_PATHS.user(mfaId),
        status: 403,
      },
      {
        caller: 'owner@acme.example',
        target_email: 'analyst@acme.example',
        method: 'POST',
        path: API_PATHS.impersonation,
        status: 403,
      },
    ]);
  });
});
