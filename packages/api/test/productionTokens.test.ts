// In production mode (no emulator) tokens are checked against real signatures. Google's
// certificate endpoint cannot be reached here, so firebase-admin downloads a locally generated key
// through the injected agent (localSigningKeys.ts); every check after that is firebase-admin's own.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { API_PATHS, type WarehouseUser } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createTokenVerifier, type IdentityStatus, type TokenVerifier } from '../src/auth/verifyToken.ts';
import { readApiConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { localSigningKeys, type LocalSigningKeys } from './localSigningKeys.ts';
import { PORTAL_ROUTES } from './routeCatalogue.ts';
import { openTestDatabase } from './testDatabase.ts';

const PROJECT_ID = 'payportal-production-test';

let keys: LocalSigningKeys;
let verifier: TokenVerifier;
let db: Database;
let app: FastifyInstance;
let analyst: WarehouseUser;
/** What the identity service says of every uid (Google's cannot be reached here); a test may change it. */
let identity: IdentityStatus | null = { disabled: false, validSince: null };

beforeAll(async () => {
  keys = await localSigningKeys(PROJECT_ID);
  const config = readApiConfig({
    NODE_ENV: 'production',
    FIREBASE_API_KEY: 'key',
    FIREBASE_PROJECT_ID: PROJECT_ID,
    LOG_LEVEL: 'silent',
    APP_DIST: '/nonexistent-app-build',
  });
  verifier = createTokenVerifier(config, { ...keys.verifierOptions, identityStatus: async () => identity });
  db = (await openTestDatabase('pglite'))!;
  app = await createApp({ config, db, verifier });
  const [row] = await db.query<WarehouseUser>(
    "select id, email, firebase_uid, name, org_id, is_active, config, sign_in_method from users where email = 'analyst@acme.example'",
  );
  analyst = row!;
});
afterAll(async () => {
  await app.close();
  await verifier.close();
  await db.close();
  await keys.close();
});

const send = (token: string, url = `${API_PATHS.users}?email=analyst@acme.example`) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('tokens in production mode', () => {
  it('accepts a token signed with the published key', async () => {
    const response = await send(keys.sign('seed-analyst', 'analyst@acme.example'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([analyst]);
  });

  it('refuses a sign-in more than 30 days old with api/sign-in-too-old, whatever the token’s own age', async () => {
    const daysAgo = (days: number) => Math.floor((Date.now() - days * 24 * 60 * 60 * 1000) / 1000);
    const old = await send(keys.sign('seed-analyst', 'analyst@acme.example', { auth_time: daysAgo(31) }));
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe(API_ERROR_CODES.signInTooOld);
    expect((await send(keys.sign('seed-analyst', 'analyst@acme.example', { auth_time: daysAgo(29) }))).statusCode).toBe(
      200,
    );
  });

  it('ignores an emulator host left in the environment when the configuration names none', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9';
    const guarded = createTokenVerifier({ FIREBASE_PROJECT_ID: PROJECT_ID }, keys.verifierOptions);
    try {
      expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
      const unsigned = keys.sign('seed-analyst', 'analyst@acme.example').split('.').slice(0, 2).join('.') + '.';
      await expect(guarded.verify(unsigned, { fresh: false })).rejects.toMatchObject({
        code: API_ERROR_CODES.unauthenticated,
      });
    } finally {
      await guarded.close();
    }
  });

  const tampered = () => {
    const [header, , signature] = keys.sign('seed-analyst', 'analyst@acme.example').split('.');
    const claims = {
      ...JSON.parse(Buffer.from(keys.sign('seed-owner', 'owner@acme.example').split('.')[1]!, 'base64url').toString()),
    };
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  };

  it.each(PORTAL_ROUTES)('refuses a tampered token on $name with 401 and reads nothing', async (route) => {
    const response = await app.inject({
      ...route.request(analyst),
      headers: { authorization: `Bearer ${tampered()}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: API_ERROR_CODES.unauthenticated, message: expect.any(String) } });
    expect(response.body).not.toContain('analyst@acme.example');
  });

  it('refuses a token signed with an unpublished key, an unsigned one, and one for another project', async () => {
    const signed = keys.sign('seed-analyst', 'analyst@acme.example');
    for (const token of [
      keys.signWithUnknownKey('seed-analyst', 'analyst@acme.example'),
      `${signed.split('.').slice(0, 2).join('.')}.`,
      keys.sign('seed-analyst', 'analyst@acme.example', {
        aud: 'another-project',
        iss: 'https://securetoken.google.com/another-project',
      }),
    ]) {
      expect((await send(token)).json().error.code).toBe(API_ERROR_CODES.unauthenticated);
    }
  });

  it('answers an expired signed token with api/token-expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const response = await send(
      keys.sign('seed-analyst', 'analyst@acme.example', { iat: now - 7200, exp: now - 3600, auth_time: now - 7200 }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe(API_ERROR_CODES.tokenExpired);
  });

  // In production firebase-admin does not ask the identity service itself (it does beside the emulator):
  // these refusals are the verifier's own (SECURITY.md #4).
  it('refuses a token whose identity is disabled, revoked since its sign-in, or deleted', async () => {
    const fresh = (label: string) => keys.sign('seed-analyst', 'analyst@acme.example', { case: label });
    try {
      identity = { disabled: true, validSince: null };
      expect((await send(fresh('disabled'))).json().error.code).toBe(API_ERROR_CODES.disabled);
      identity = { disabled: false, validSince: Date.now() + 1000 };
      const revoked = await send(fresh('revoked'));
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json().error.code).toBe(API_ERROR_CODES.tokenRevoked);
      identity = null;
      expect((await send(fresh('deleted'))).json().error.code).toBe(API_ERROR_CODES.unauthenticated);
    } finally {
      identity = { disabled: false, validSince: null };
    }
    expect((await send(fresh('restored'))).statusCode).toBe(200);
  });
});
