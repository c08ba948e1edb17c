// Signed embed sessions (docs/access.md "Partner sessions"): an owner registers a partner with its public key;
// the partner's backend signs a short-lived JWT for one of its users; the exchange answers an ID token
// the rest of the API takes like any other. Every refusal has a code the partner can act on.
import { API_PATHS, PARTNER_PATHS, PARTNER_SESSION_AUDIENCE, type Partner } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { exportPKCS8, exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const ORIGIN = 'https://partner.example';

interface TestKey {
  kid: string;
  privateKey: CryptoKey;
  pem: string;
}

async function newKey(kid: string): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid, privateKey, pem: await exportSPKI(publicKey) };
}

interface SignOptions {
  issuer: string;
  key: TestKey;
  email: string;
  name?: string;
  roles?: string[];
  audience?: string;
  /** Seconds relative to now. */
  iat?: number;
  exp?: number;
  jti?: string;
  /** The page the token is for; the exchange's reported origin must equal it. */
  origin?: string;
}

function signSession(options: SignOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: options.email,
    name: options.name ?? 'Pat Partner-User',
    origin: options.origin ?? ORIGIN,
    ...(options.roles && { roles: options.roles }),
  })
    .setProtectedHeader({ alg: 'ES256', kid: options.key.kid })
    .setIssuer(options.issuer)
    .setAudience(options.audience ?? PARTNER_SESSION_AUDIENCE)
    .setIssuedAt(now + (options.iat ?? 0))
    .setExpirationTime(now + (options.exp ?? 120))
    .setJti(options.jti ?? randomUUID())
    .sign(options.key.privateKey);
}

describe.each(DATABASE_KINDS)('partner sessions on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  let acmeId: number;
  let ownerToken: string;
  let keyA: TestKey;
  let partner: Partner;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
    [{ id: acmeId }] = (await db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
    ownerToken = await idTokenFor('seed-owner');
    keyA = await newKey('key-a');
    partner = await register({
      name: 'Northwind',
      allowed_origins: [ORIGIN],
      roles: ['query'],
      provision_users: true,
      key: { kid: keyA.kid, pem: keyA.pem },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function register(body: object): Promise<Partner> {
    const response = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.partners(acmeId),
      headers: bearer(ownerToken),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const exchange = (token: string, origin = ORIGIN) =>
    app.inject({ method: 'POST', url: API_PATHS.partnerSession, payload: { token, origin } });
  const errorCode = (response: { json(): { error?: { code?: string } } }) => response.json().error?.code;
  const address = (name: string) => `${name}.${kind}@partner-users.example`;
  const sign = (options: Partial<SignOptions> & { email: string }) =>
    signSession({ issuer: partner.issuer, key: keyA, ...options });
  const authenticate = (idToken: string) =>
    app.inject({ method: 'POST', url: API_PATHS.authenticate, headers: bearer(idToken) });

  it('opens a session for a new user, created in the organisation with the roles the token names, and the ID token works everywhere', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const email = address('newcomer');
    const response = await exchange(await sign({ email, name: 'Nora Newcomer', roles: ['query'] }));
    expect(response.statusCode, response.body).toBe(201);
    const session = response.json();
    expect(session.provisioned).toBe(true);
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now() + 50 * 60_000);

    const signedIn = await authenticate(session.id_token);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      email,
      name: 'Nora Newcomer',
      org_id: acmeId,
      sign_in_method: 'partner',
    });
    expect(signedIn.json().roles).toEqual(['query']);
    const catalogue = await app.inject({
      method: 'GET',
      url: '/api/analytics/v1/catalogue',
      headers: bearer(session.id_token),
    });
    expect(catalogue.statusCode).not.toBe(401);
    expect(catalogue.statusCode).not.toBe(403);

    // The owner's history names the partner as the one who created the user.
    const [change] = await db.query<{ action: string; actor_email: string; actor_name: string }>(
      'select c.action, c.actor_email, c.actor_name from user_changes c join users u on u.id = c.target_user_id where u.email = $1',
      [email],
    );
    expect(change).toEqual({ action: 'partner-provision', actor_email: partner.issuer, actor_name: 'Northwind' });

    // The second session of the same user finds them.
    const again = await exchange(await sign({ email, name: 'Nora Newcomer' }));
    expect(again.statusCode).toBe(201);
    expect(again.json().provisioned).toBe(false);
  });

  it('signs in an existing user the owner bound to the partner, without SMS step', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const [{ id }] = (await db.query<{ id: number }>("select id from users where email = 'partner@acme.example'")) as [
      { id: number },
    ];
    const bind = await app.inject({
      method: 'PUT',
      url: `/api/auth/v1/organization/${acmeId}/users/${id}/partner`,
      headers: bearer(ownerToken),
      payload: { partner_id: partner.id },
    });
    expect(bind.statusCode, bind.body).toBe(200);
    const response = await exchange(await sign({ email: 'Partner@Acme.example', name: 'Paula Partner' }));
    expect(response.statusCode, response.body).toBe(201);
    const signedIn = await authenticate(response.json().id_token);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.email).toBe('partner@acme.example');
  });

  // A user this partner provisioned: the refusals below are about the token, not about whose user it is.
  const mine = address('mine');

  it('refuses a replayed jti: partner/replayed', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const token = await sign({ email: mine });
    expect((await exchange(token)).statusCode).toBe(201);
    const replay = await exchange(token);
    expect(replay.statusCode).toBe(401);
    expect(errorCode(replay)).toBe('partner/replayed');
  });

  it('refuses an expired token: partner/token-expired, and one living over 5 minutes: partner/lifetime-too-long', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    expect((await exchange(await sign({ email: mine }))).statusCode).toBe(201);
    const expired = await exchange(await sign({ email: mine, iat: -200, exp: -60 }));
    expect(expired.statusCode).toBe(401);
    expect(errorCode(expired)).toBe('partner/token-expired');
    const tooLong = await exchange(await sign({ email: mine, exp: 600 }));
    expect(errorCode(tooLong)).toBe('partner/lifetime-too-long');
  });

  it('refuses a token issued in the future beyond the clock tolerance (30 s): partner/clock-skew; within it passes', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const skewed = await exchange(await sign({ email: mine, iat: 90, exp: 200 }));
    expect(skewed.statusCode).toBe(401);
    expect(errorCode(skewed)).toBe('partner/clock-skew');
    expect((await exchange(await sign({ email: mine, iat: 10, exp: 130 }))).statusCode).toBe(201);
  });

  it('refuses a wrong audience: partner/wrong-audience', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await exchange(await sign({ email: mine, audience: 'metabase' }));
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('partner/wrong-audience');
  });

  it('refuses an unknown kid, a token signed by another key under a known kid, and an unknown issuer', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const stranger = await newKey('key-z');
    const unknownKid = await exchange(await sign({ email: mine, key: stranger }));
    expect(unknownKid.statusCode).toBe(401);
    expect(errorCode(unknownKid)).toBe('partner/unknown-key');
    const forged = await exchange(await sign({ email: mine, key: { ...stranger, kid: keyA.kid } }));
    expect(errorCode(forged)).toBe('partner/bad-signature');
    const unknownIssuer = await exchange(await signSession({ issuer: 'ptn_nobody', key: keyA, email: mine }));
    expect(errorCode(unknownIssuer)).toBe('partner/unknown-partner');
    expect(errorCode(await exchange('not-a-jwt'))).toBe('partner/bad-token');
  });

  it('refuses a page outside the allowed origins, a role outside the cap, a standalone user, and an unknown user when it may not create users', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    expect(
      errorCode(
        await exchange(await sign({ email: mine, origin: 'https://elsewhere.example' }), 'https://elsewhere.example'),
      ),
    ).toBe('partner/origin-not-allowed');
    const role = await exchange(await sign({ email: address('greedy'), roles: ['org_owner'] }));
    expect(role.statusCode).toBe(403);
    expect(errorCode(role)).toBe('partner/role-not-allowed');
    // The owner signs in on PayPortal's own screens: a partner cannot open their session.
    expect(errorCode(await exchange(await sign({ email: 'owner@acme.example' })))).toBe('partner/not-your-user');

    const keyC = await newKey('key-c');
    const closed = await register({
      name: 'Closed Partner',
      allowed_origins: [ORIGIN],
      roles: ['query'],
      provision_users: false,
      key: { kid: keyC.kid, pem: keyC.pem },
    });
    const unknown = await exchange(await signSession({ issuer: closed.issuer, key: keyC, email: address('stranger') }));
    expect(unknown.statusCode).toBe(403);
    expect(errorCode(unknown)).toBe('partner/unknown-user');
  });

  it('refuses a user the owner deactivated: disabled, and their open session ends', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const email = address('leaver');
    const opened = await exchange(await sign({ email, name: 'Lee Leaver' }));
    expect(opened.statusCode).toBe(201);
    const [{ id }] = (await db.query<{ id: number }>('select id from users where email = $1', [email])) as [
      { id: number },
    ];
    const deactivate = await app.inject({
      method: 'PUT',
      url: `/api/auth/v1/organization/${acmeId}/users/${id}/active`,
      headers: bearer(ownerToken),
      payload: { is_active: false },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);

    const refused = await exchange(await sign({ email, name: 'Lee Leaver' }));
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('disabled');
    expect((await authenticate(opened.json().id_token)).statusCode).toBeGreaterThanOrEqual(401);
  });

  it('rotates keys without downtime: two keys active at once, sessions opened with the old key keep working, the retired key is refused by name', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const keyR1 = await newKey('rot-1');
    const rotating = await register({
      name: 'Rotating',
      allowed_origins: [ORIGIN],
      roles: ['query'],
      provision_users: true,
      key: { kid: keyR1.kid, pem: keyR1.pem },
    });
    const email = address('rotation');
    const before = await exchange(await signSession({ issuer: rotating.issuer, key: keyR1, email }));
    expect(before.statusCode).toBe(201);

    const keyR2 = await newKey('rot-2');
    const added = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.keys(acmeId, rotating.id),
      headers: bearer(ownerToken),
      payload: { kid: keyR2.kid, pem: keyR2.pem },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added.json().keys.map((key: { kid: string; retired_at: string | null }) => [key.kid, key.retired_at]),
    ).toEqual([
      ['rot-1', null],
      ['rot-2', null],
    ]);
    // During the rotation both keys sign sessions.
    expect((await exchange(await signSession({ issuer: rotating.issuer, key: keyR1, email }))).statusCode).toBe(201);
    expect((await exchange(await signSession({ issuer: rotating.issuer, key: keyR2, email }))).statusCode).toBe(201);
    // A third active key is refused until one is retired.
    const keyR3 = await newKey('rot-3');
    const third = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.keys(acmeId, rotating.id),
      headers: bearer(ownerToken),
      payload: { kid: keyR3.kid, pem: keyR3.pem },
    });
    expect(third.statusCode).toBe(409);

    const retired = await app.inject({
      method: 'DELETE',
      url: PARTNER_PATHS.key(acmeId, rotating.id, 'rot-1'),
      headers: bearer(ownerToken),
    });
    expect(retired.statusCode, retired.body).toBe(200);
    const old = await exchange(await signSession({ issuer: rotating.issuer, key: keyR1, email }));
    expect(old.statusCode).toBe(401);
    expect(errorCode(old)).toBe('partner/key-retired');
    expect((await exchange(await signSession({ issuer: rotating.issuer, key: keyR2, email }))).statusCode).toBe(201);
    // The session opened with the retired key before the rotation still works.
    expect((await authenticate(before.json().id_token)).statusCode).toBe(200);
    const lastKey = await app.inject({
      method: 'DELETE',
      url: PARTNER_PATHS.key(acmeId, rotating.id, 'rot-2'),
      headers: bearer(ownerToken),
    });
    expect(lastKey.statusCode).toBe(409);
  });

  it('refuses a revoked partner: partner/revoked, for new sessions and at the next call of an open one', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const keyV = await newKey('rev-1');
    const doomed = await register({
      name: 'Doomed',
      allowed_origins: [ORIGIN],
      roles: ['query'],
      provision_users: true,
      key: { kid: keyV.kid, pem: keyV.pem },
    });
    const email = address('revoked');
    const opened = await exchange(await signSession({ issuer: doomed.issuer, key: keyV, email }));
    expect(opened.statusCode).toBe(201);
    expect((await authenticate(opened.json().id_token)).statusCode).toBe(200);

    const revoke = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.revoke(acmeId, doomed.id),
      headers: bearer(ownerToken),
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().revoked_at).not.toBeNull();
    const refused = await exchange(await signSession({ issuer: doomed.issuer, key: keyV, email }));
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('partner/revoked');
    const next = await authenticate(opened.json().id_token);
    expect(next.statusCode).toBe(403);
    expect(errorCode(next)).toBe('partner/revoked');

    const actions = await db.query<{ action: string; actor_email: string }>(
      'select action, actor_email from partner_changes where partner_id = $1 order by id',
      [doomed.id],
    );
    expect(actions).toEqual([
      { action: 'register', actor_email: 'owner@acme.example' },
      { action: 'revoke', actor_email: 'owner@acme.example' },
    ]);
  });

  it("lets only the organisation's owner register, with at least one role and public keys only", async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const key = await newKey('reg-1');
    const base = {
      name: 'Someone',
      allowed_origins: [ORIGIN],
      roles: ['query'],
      provision_users: false,
      key: { kid: key.kid, pem: key.pem },
    };
    const analyst = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.partners(acmeId),
      headers: bearer(await idTokenFor('seed-partner')),
      payload: base,
    });
    expect(analyst.statusCode).toBe(403);
    const otherOrg = await app.inject({
      method: 'GET',
      url: PARTNER_PATHS.partners(acmeId + 1000),
      headers: bearer(ownerToken),
    });
    expect(otherOrg.statusCode).toBe(404);
    // A partner without roles could only create users who see nothing.
    const noRoles = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.partners(acmeId),
      headers: bearer(ownerToken),
      payload: { ...base, roles: [] },
    });
    expect(noRoles.statusCode).toBe(400);
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const secret = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.partners(acmeId),
      headers: bearer(ownerToken),
      payload: { ...base, key: { kid: 'k', pem: await exportPKCS8(privateKey) } },
    });
    expect(secret.statusCode).toBe(400);
    expect(secret.json().error.message).toMatch(/private key/);

    const list = await app.inject({ method: 'GET', url: PARTNER_PATHS.partners(acmeId), headers: bearer(ownerToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: Partner) => row.name)).toContain('Northwind');
  });
});
