// The partner and mail permissions played by an attacker through the public routes (SECURITY.md #3, #14, #15): a partner opens only
// its own users within its cap, never an owner's session, never registers partners; a partner-bound user's
// password is worth nothing; a revoked partner's users lose every token at once; the exchange binds the
// partner's page to what it signed. Tokens are signed with jose; the password reset is the emulator's own.
import { API_PATHS, PARTNER_PATHS, PARTNER_SESSION_AUDIENCE, type Partner } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { identityCall, idTokenFor } from './emulatorTokens.ts';
import { TEST_PROJECT_ID } from './globalSetup.ts';
import { impersonationHeaders } from './impersonation.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const ORIGIN = 'https://partner.example';
const PORTAL = 'https://portal.example';
const NEW_PASSWORD = 'Set-by-reset-2026';
const kidOf = (partnerName: string) => `${partnerName.replace(/\W/g, '-')}-1`;

interface TestPartner {
  partner: Partner;
  privateKey: CryptoKey;
}

/** The identity service's ordinary password reset, then a password sign-in: what a partner user could do. */
async function passwordTokenAfterReset(email: string): Promise<string> {
  await identityCall('v1/accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });
  const codes = (await (
    await fetch(`http://${inject('emulatorHost')}/emulator/v1/projects/${TEST_PROJECT_ID}/oobCodes`)
  ).json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
  const reset = codes.oobCodes.filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET').at(-1);
  await identityCall('v1/accounts:resetPassword', { oobCode: reset!.oobCode, newPassword: NEW_PASSWORD });
  const signedIn = await identityCall<{ idToken?: string }>('v1/accounts:signInWithPassword', {
    email,
    password: NEW_PASSWORD,
    returnSecureToken: true,
  });
  if (!signedIn.idToken) throw new Error(`no password sign-in for ${email}: ${JSON.stringify(signedIn)}`);
  return signedIn.idToken;
}

describe.each(DATABASE_KINDS)('partner boundaries on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  let acmeId: number;
  let ownerToken: string;
  let queryOnly: TestPartner;
  let other: TestPartner;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db, { PUBLIC_URL: PORTAL });
    [{ id: acmeId }] = (await db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
    ownerToken = await idTokenFor('seed-owner');
    queryOnly = await register('Query Only', ['query'], true);
    other = await register('Other Partner', ['query', 'upload'], true);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function register(name: string, roles: string[], provision: boolean): Promise<TestPartner> {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const response = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.partners(acmeId),
      headers: bearer(ownerToken),
      payload: {
        name,
        allowed_origins: [ORIGIN],
        roles,
        provision_users: provision,
        key: { kid: kidOf(name), pem: await exportSPKI(publicKey) },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { partner: response.json(), privateKey };
  }
  const sign = (by: TestPartner, claims: Record<string, unknown>, iatOffset = 0) => {
    const now = Math.floor(Date.now() / 1000) + iatOffset;
    return new SignJWT({ name: 'Pat Partner-User', origin: ORIGIN, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: kidOf(by.partner.name) })
      .setIssuer(by.partner.issuer)
      .setAudience(PARTNER_SESSION_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 120)
      .setJti(randomUUID())
      .sign(by.privateKey);
  };
  const exchange = (token: string, origin = ORIGIN, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: API_PATHS.partnerSession, payload: { token, origin }, headers });
  const open = async (by: TestPartner, claims: Record<string, unknown>) => {
    const response = await exchange(await sign(by, claims));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id_token as string;
  };
  const authenticate = (idToken: string) =>
    app.inject({ method: 'POST', url: API_PATHS.authenticate, headers: bearer(idToken) });
  const readUsers = (idToken: string, email: string) =>
    app.inject({ url: `${API_PATHS.users}?email=${encodeURIComponent(email)}`, headers: bearer(idToken) });
  const code = (response: { json(): { error?: { code?: string } } }) => response.json().error?.code;
  const address = (name: string) => `${name}.${kind}@bound-users.example`;
  const userId = async (email: string) =>
    ((await db!.query<{ id: number }>('select id from users where email = $1', [email])) as [{ id: number }])[0].id;
  const bind = (id: number, partnerId: number | null, headers: Record<string, string> = bearer(ownerToken)) =>
    app.inject({
      method: 'PUT',
      url: `/api/auth/v1/organization/${acmeId}/users/${id}/partner`,
      headers,
      payload: { partner_id: partnerId },
    });

  it('[P1] a query-capped partner gets no session wider than query, whatever the token or the user holds', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    // A user the owner bound, who holds far more than the partner's cap (org_owner put in behind the API's back).
    const email = address('wide');
    await open(queryOnly, { email });
    const id = await userId(email);
    await db.query(
      "insert into user_roles (user_id, role_id) select $1, id from roles where name in ('upload', 'upload_admin', 'revenue_optimizer', 'org_owner')",
      [id],
    );
    const idToken = await open(queryOnly, { email, roles: ['query'] });
    const session = await authenticate(idToken);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().roles).toEqual(['query']);
    expect(session.json().assignable_roles).toEqual([]);
    // No owner route, no other user's row.
    const partners = await app.inject({ url: PARTNER_PATHS.partners(acmeId), headers: bearer(idToken) });
    expect(partners.statusCode).toBe(403);
    expect((await readUsers(idToken, 'owner@acme.example')).statusCode).toBe(404);
    // A roles claim beyond the cap is refused outright.
    const greedy = await exchange(await sign(queryOnly, { email, roles: ['upload'] }));
    expect(code(greedy)).toBe('partner/role-not-allowed');
  });

  it("[P2] a partner opens only its own users: another partner's, the demo partner's and unbound users are partner/not-your-user", async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const theirs = address('theirs');
    await open(other, { email: theirs });
    for (const email of [theirs, 'optimizer@acme.example', 'analyst@acme.example', 'owner@acme.example']) {
      const response = await exchange(await sign(queryOnly, { email }));
      expect(response.statusCode, email).toBe(403);
      expect(code(response), email).toBe('partner/not-your-user');
    }
  });

  it('[P3] the owner binds an existing user (audited); never an owner, never to a revoked partner; a cap may not hold org_owner', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const analyst = await userId('analyst@acme.example');
    const bound = await bind(analyst, queryOnly.partner.id);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json()).toMatchObject({ partner_id: queryOnly.partner.id, sign_in_method: 'partner' });
    expect((await authenticate(await open(queryOnly, { email: 'analyst@acme.example' }))).statusCode).toBe(200);
    const [change] = await db.query<{ action: string; after: unknown; actor_email: string }>(
      "select action, after, actor_email from user_changes where target_user_id = $1 and action = 'partner-binding'",
      [analyst],
    );
    expect(change).toEqual({
      action: 'partner-binding',
      after: { partner_id: queryOnly.partner.id, name: 'Query Only' },
      actor_email: 'owner@acme.example',
    });
    // Making a bound user an owner is refused as well.
    const promote = await app.inject({
      method: 'PUT',
      url: `/api/auth/v1/organization/${acmeId}/users/${analyst}/roles`,
      headers: bearer(ownerToken),
      payload: { roles: ['query', 'org_owner'] },
    });
    expect(promote.statusCode, promote.body).toBe(409);
    // Unbinding gives the user back to PayPortal's own sign-in; the partner can no longer open them.
    expect((await bind(analyst, null)).json()).toMatchObject({ partner_id: null, sign_in_method: 'standalone' });
    expect(code(await exchange(await sign(queryOnly, { email: 'analyst@acme.example' })))).toBe(
      'partner/not-your-user',
    );

    const owner = await bind(await userId('owner@acme.example'), queryOnly.partner.id);
    expect(owner.statusCode).toBe(409);
    const withOwner = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.partners(acmeId),
      headers: bearer(ownerToken),
      payload: { ...queryOnly.partner, roles: ['query', 'org_owner'], key: { kid: 'x', pem: 'x' } },
    });
    expect(withOwner.statusCode).toBe(400);
    expect(withOwner.body).toMatch(/org_owner/);
  });

  it('[P4] no partner registration, key change or revocation during an impersonation or from a partner session', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const asOwner = await impersonationHeaders(app, 'seed-support-lead', 'owner@acme.example');
    const revoke = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.revoke(acmeId, other.partner.id),
      headers: asOwner,
    });
    expect(revoke.statusCode, revoke.body).toBe(403);
    expect(code(revoke)).toBe('partner/owner-sign-in-required');
    const addKey = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.keys(acmeId, other.partner.id),
      headers: asOwner,
      payload: { kid: 'support-key', pem: 'x' },
    });
    expect(code(addKey)).toBe('partner/owner-sign-in-required');
    const bindDuring = await bind(await userId('uploader@acme.example'), other.partner.id, asOwner);
    expect(code(bindDuring)).toBe('partner/owner-sign-in-required');

    const sessionToken = await open(other, { email: address('p4') });
    const registered = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.partners(acmeId),
      headers: bearer(sessionToken),
      payload: { name: 'Sneaky', allowed_origins: [ORIGIN], roles: ['query'], provision_users: true, key: {} },
    });
    expect(registered.statusCode).toBe(403);
    const [{ count }] = (await db.query<{ count: number }>(
      "select count(*)::int as count from partners where name = 'Sneaky'",
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('[S1] a partner user who sets a password through a reset cannot sign in or read data with it', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const email = address('resetter');
    await open(queryOnly, { email });
    const password = await passwordTokenAfterReset(email);
    const signIn = await authenticate(password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toEqual({
      code: 'api/partner-sign-in-only',
      message: 'This account signs in through Query Only',
    });
    expect(code(await readUsers(password, email))).toBe('api/partner-sign-in-only');
    // The partner's own session for the same user still reads.
    expect((await readUsers(await open(queryOnly, { email }), email)).statusCode).toBe(200);
  });

  it("[S2] after revocation every token of the partner's users is refused, password tokens included", async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const doomed = await register('Doomed', ['query'], true);
    const email = address('doomed');
    await open(doomed, { email }); // provisions the user, who then sets a password
    const password = await passwordTokenAfterReset(email);
    // Opened after the reset, which revokes the tokens issued before it (api/token-revoked would answer first).
    const session = await open(doomed, { email });
    const revoke = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.revoke(acmeId, doomed.partner.id),
      headers: bearer(ownerToken),
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    for (const token of [session, password]) {
      expect(code(await authenticate(token))).toBe('partner/revoked');
      expect(code(await readUsers(token, email))).toBe('partner/revoked');
    }
  });

  it('[O1] the exchange refuses an HTTP Origin of another site and a signed origin that differs from the reported one', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const email = address('origins');
    const elsewhere = await exchange(await sign(queryOnly, { email }), ORIGIN, { origin: 'https://evil.example' });
    expect(elsewhere.statusCode).toBe(403);
    expect(code(elsewhere)).toBe('partner/request-origin-not-allowed');
    // The framed app reports another page than the partner signed for.
    const reported = await exchange(await sign(queryOnly, { email }), 'https://other-page.example');
    expect(code(reported)).toBe('partner/origin-mismatch');
    const unsigned = await exchange(await sign(queryOnly, { email, origin: undefined }));
    expect(code(unsigned)).toBe('partner/bad-token');
    // The portal's own page (the framed app's call) and the partner's page may exchange.
    const own = await exchange(await sign(queryOnly, { email }), ORIGIN, { origin: PORTAL });
    expect(own.statusCode, own.body).toBe(201);
    expect((await exchange(await sign(queryOnly, { email }), ORIGIN, { origin: ORIGIN })).statusCode).toBe(201);
  });

  it("[O2] a slow partner clock has its own reason, and another organisation's address answers as an unknown one", async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const slow = await exchange(await sign(queryOnly, { email: address('slow') }, -400));
    expect(slow.statusCode).toBe(401);
    expect(code(slow)).toBe('partner/clock-skew');
    expect(slow.json().error.message).toMatch(/clock is slow/);

    const closed = await register('Closed', ['query'], false);
    const unknown = await exchange(await sign(closed, { email: address('nobody') }));
    const elsewhere = await exchange(await sign(queryOnly, { email: 'demo@demo-payments.example' }));
    expect(unknown.statusCode).toBe(403);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([unknown.statusCode, unknown.json()]);
  });
});
