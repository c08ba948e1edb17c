// A partner that publishes its keys at a JWKS URL (docs/access.md "Partner sessions"): the owner registers
// the URL, the server fetches the set itself, and the partner rotates by publishing the new key there. The
// set is fetched again for an unknown kid no more often than every 30 s; a set over 64 KB is refused;
// production takes https only.
import { API_PATHS, PARTNER_PATHS, type Partner } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { exportJWK, type JWK } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { checkJwksUrl, JWKS_REFETCH_FLOOR_MS } from '../src/partners/partnerJwks.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { partnerKey, partnerSessionToken, type PartnerTestKey } from './partnerTokens.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const ORIGIN = 'https://jwks-partner.example';

async function publicJwk(key: PartnerTestKey): Promise<JWK> {
  const { d: _private, ...jwk } = await exportJWK(key.privateKey);
  return { ...jwk, kid: key.kid, alg: 'ES256', use: 'sig' };
}

/** The partner's key server: what it publishes can change, and each fetch is counted. */
function jwksServer() {
  const state = { keys: [] as JWK[], fetches: 0 };
  const server: Server = createServer((request, response) => {
    state.fetches += 1;
    response.setHeader('content-type', 'application/json');
    if (request.url === '/huge.json') {
      response.end(JSON.stringify({ keys: [{ kty: 'oct', k: 'x'.repeat(70 * 1024) }] }));
      return;
    }
    response.end(JSON.stringify({ keys: state.keys }));
  });
  return { state, server };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('JWKS URL checks', () => {
  it('takes https anywhere, http only to a loopback host outside production, and no http in production', () => {
    expect(checkJwksUrl('https://keys.partner.example/jwks.json', true).href).toBe(
      'https://keys.partner.example/jwks.json',
    );
    expect(checkJwksUrl('http://127.0.0.1:8080/jwks.json', false).host).toBe('127.0.0.1:8080');
    expect(() => checkJwksUrl('http://127.0.0.1:8080/jwks.json', true)).toThrow('The JWKS URL must use https.');
    expect(() => checkJwksUrl('http://10.0.0.5/jwks.json', false)).toThrow(/must use https/);
    expect(() => checkJwksUrl('https://user:secret@keys.partner.example/', true)).toThrow(/user name or password/);
  });
});

describe.each(DATABASE_KINDS)('a partner registered with a JWKS URL on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  let acmeId: number;
  let ownerToken: string;
  const { state, server } = jwksServer();
  let base = '';
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
    [{ id: acmeId }] = (await db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
    ownerToken = await idTokenFor('seed-owner');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const register = (name: string, jwksUrl: string) =>
    app.inject({
      method: 'POST',
      url: PARTNER_PATHS.partners(acmeId),
      headers: bearer(ownerToken),
      payload: { name, allowed_origins: [ORIGIN], roles: ['query'], provision_users: true, key: { jwks_url: jwksUrl } },
    });
  const exchange = (token: string) =>
    app.inject({ method: 'POST', url: API_PATHS.partnerSession, payload: { token, origin: ORIGIN } });
  const email = (name: string) => `${name}.${kind}@jwks-partner.example`;

  it('opens sessions with the published key, and with the next key once the partner publishes it', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const first = await partnerKey('jwks-1');
    state.keys = [await publicJwk(first)];
    const registered = await register('Fabrikam', `${base}/.well-known/jwks.json`);
    expect(registered.statusCode, registered.body).toBe(201);
    const partner: Partner = registered.json();
    expect(partner.jwks_url).toBe(`${base}/.well-known/jwks.json`);
    expect(partner.keys).toEqual([]);

    const opened = await exchange(await partnerSessionToken(partner.issuer, first, email('ada'), 'Ada', ORIGIN));
    expect(opened.statusCode, opened.body).toBe(201);
    expect(state.fetches).toBe(1);

    // Rotation: the partner publishes its next key and drops the old one.
    const next = await partnerKey('jwks-2');
    state.keys = [await publicJwk(next)];
    // Within the refetch floor the cached set is used: the new kid is not known yet, and no fetch is made.
    const early = await exchange(await partnerSessionToken(partner.issuer, next, email('ada'), 'Ada', ORIGIN));
    expect(early.statusCode, early.body).toBe(401);
    expect(early.json().error.code).toBe('partner/unknown-key');
    expect(state.fetches).toBe(1);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + JWKS_REFETCH_FLOOR_MS + 1_000 });
    const rotated = await exchange(await partnerSessionToken(partner.issuer, next, email('ada'), 'Ada', ORIGIN));
    expect(rotated.statusCode, rotated.body).toBe(201);
    expect(state.fetches).toBe(2);

    // The old key is gone from the set: its tokens are refused.
    const old = await exchange(await partnerSessionToken(partner.issuer, first, email('ada'), 'Ada', ORIGIN));
    expect(old.statusCode, old.body).toBe(401);
    expect(old.json().error.code).toBe('partner/unknown-key');

    // Keys are rotated at the URL, not pasted here.
    const pasted = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.keys(acmeId, partner.id),
      headers: bearer(ownerToken),
      payload: { kid: next.kid, pem: next.pem },
    });
    expect(pasted.statusCode, pasted.body).toBe(409);
  });

  it('refuses a set larger than 64 KB and a URL outside loopback over http', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const registered = await register('Huge Keys Ltd', `${base}/huge.json`);
    expect(registered.statusCode, registered.body).toBe(201);
    const key = await partnerKey('huge-1');
    const refused = await exchange(await partnerSessionToken(registered.json().issuer, key, email('bo'), 'Bo', ORIGIN));
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json().error).toMatchObject({ code: 'partner/unknown-key' });
    expect(refused.json().error.message).toMatch(/larger than 64 KB/);

    const remote = await register('Remote Keys Ltd', 'http://keys.partner.example/jwks.json');
    expect(remote.statusCode, remote.body).toBe(400);
    expect(remote.json().error.message).toMatch(/must use https/);
  });
});
