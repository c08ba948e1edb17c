// The API started as a deployer would, with no development settings, runs
// production rules; development-only settings are refused by name; framing origins are exact https
// origins; X-Forwarded-For counts only from a configured proxy.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createTokenVerifier, type TokenVerifier } from '../src/auth/verifyToken.ts';
import { readApiConfig } from '../src/config.ts';
import { configProblems } from './configProblems.ts';
import type { Database } from '../src/db/database.ts';
import { createAppBuild } from './appBuild.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { localSigningKeys, type LocalSigningKeys } from './localSigningKeys.ts';
import { bearer, createTestApp } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';

const PROJECT_ID = 'payportal-deployment-test';
/** What a deployer sets: the identity project and its browser key, nothing else. */
const DEPLOYED = { FIREBASE_PROJECT_ID: PROJECT_ID, FIREBASE_API_KEY: 'key', LOG_LEVEL: 'silent' };

describe('a deployment with no development settings', () => {
  let keys: LocalSigningKeys;
  let verifier: TokenVerifier;
  let db: Database;
  let app: FastifyInstance;
  let build: ReturnType<typeof createAppBuild>;
  let emulatorToken: string;

  beforeAll(async () => {
    // first: the emulator helper points firebase-admin's environment at the emulator, and the
    // production verifier created below takes that away again, as a deployment's start would
    emulatorToken = await idTokenFor('seed-analyst');
    keys = await localSigningKeys(PROJECT_ID);
    build = createAppBuild();
    const config = readApiConfig({ ...DEPLOYED, APP_DIST: build.dir });
    verifier = createTokenVerifier(config, keys.verifierOptions);
    db = (await openTestDatabase('pglite'))!;
    app = await createApp({ config, db, verifier });
  });
  afterAll(async () => {
    await app?.close();
    await verifier?.close();
    await db?.close();
    await keys?.close();
    build?.remove();
  });

  it('runs production rules: no emulator, no demo seeding, no framing origin, no trusted proxy', () => {
    const config = readApiConfig(DEPLOYED);
    expect(config.NODE_ENV).toBe('production');
    expect(config.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(config.SEED_DEMO).toBe(false);
    expect(config.PARTNER_ORIGINS).toEqual([]);
    expect(config.TRUST_PROXY).toEqual([]);
  });

  it('refuses an unsigned emulator token', async () => {
    const response = await app.inject({ url: '/api/auth/v1/role/', headers: bearer(emulatorToken) });
    expect(response.statusCode).toBe(401);
    // the same route answers a properly signed token, so the 401 is the token's
    const signed = await app.inject({
      url: '/api/auth/v1/role/',
      headers: bearer(keys.sign('seed-analyst', 'analyst@acme.example')),
    });
    expect(signed.statusCode).toBe(200);
  });

  it('hides the code inbox', async () => {
    expect((await app.inject({ url: '/dev/inbox', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    const asBrowser = await app.inject({ url: '/dev/inbox', headers: { accept: 'text/html', host: 'localhost' } });
    expect(asBrowser.body).not.toContain('Code inbox');
  });

  it('answers / without an Accept header (curl) with the app, and a JSON-only client with the JSON 404', async () => {
    for (const headers of [{}, { accept: '*/*' }]) {
      const page = await app.inject({ url: '/', headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    }
    const json = await app.inject({ url: '/', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ error: { code: 'api/not-found' } });
  });

  it('lets no page frame the portal but its own origin', async () => {
    const page = await app.inject({ url: '/home', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
  });

  it('stops the start on each development setting, naming it', () => {
    expect(configProblems({ ...DEPLOYED, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toEqual([
      expect.stringMatching(/^FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/),
    ]);
    expect(configProblems({ ...DEPLOYED, SEED_DEMO: 'true' })).toEqual([
      expect.stringMatching(/^SEED_DEMO: must not be set in production/),
    ]);
    expect(configProblems({ ...DEPLOYED, PARTNER_ORIGINS: 'http://127.0.0.1:8790' })).toEqual([
      expect.stringMatching(/^PARTNER_ORIGINS\.0: .*development stack only/),
    ]);
    expect(configProblems({ LOG_LEVEL: 'silent' }).map((problem) => problem.split(':')[0])).toEqual([
      'FIREBASE_PROJECT_ID',
      'FIREBASE_API_KEY',
    ]);
  });
});

describe('partner origins', () => {
  it.each(['https://partner.example', 'https://partner.example:8443', 'https://xn--bcher-kva.example'])(
    'accepts the exact origin %s',
    (origin) => {
      expect(readApiConfig({ ...DEPLOYED, PARTNER_ORIGINS: origin }).PARTNER_ORIGINS).toEqual([origin]);
    },
  );

  it.each([
    'https://partner.example/',
    'https://partner.example/portal',
    'https://partner.example?x=1',
    'https://user@partner.example',
    'https://*.partner.example',
    '*',
    'http://partner.example',
    'null',
    'data:text/html;base64',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'partner.example',
    'https://partner.example;script-src',
  ])('refuses %s', (origin) => {
    expect(configProblems({ ...DEPLOYED, PARTNER_ORIGINS: origin })).toEqual([
      expect.stringMatching(/^PARTNER_ORIGINS\.0: /),
    ]);
  });

  it('refuses the demo seed wherever the identity emulator is not in use, not only in production (SECURITY.md #15)', () => {
    expect(configProblems({ ...DEPLOYED, NODE_ENV: 'development', SEED_DEMO: 'true' })).toEqual([
      expect.stringMatching(/^SEED_DEMO: needs the identity emulator/),
    ]);
    expect(
      configProblems({
        ...DEPLOYED,
        NODE_ENV: 'development',
        SEED_DEMO: 'true',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toEqual([]);
  });

  it('allows plain http for loopback in the development stack only, and defaults to the partner demo there alone', () => {
    expect(
      readApiConfig({ NODE_ENV: 'development', PARTNER_ORIGINS: 'http://localhost:8790' }).PARTNER_ORIGINS,
    ).toEqual(['http://localhost:8790']);
    expect(readApiConfig({ NODE_ENV: 'development' }).PARTNER_ORIGINS).toEqual(['http://127.0.0.1:8790']);
    expect(configProblems({ NODE_ENV: 'development', PARTNER_ORIGINS: 'http://192.168.1.5:8790' })).toHaveLength(1);
  });
});

describe('the development code inbox', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('answers only under a loopback host name, so DNS rebinding cannot read the codes', async () => {
    expect((await app.inject({ url: '/dev/inbox', headers: { host: 'localhost:8787' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/dev/inbox', headers: { host: '127.0.0.1:8787' } })).statusCode).toBe(200);
    const rebound = await app.inject({ url: '/dev/inbox', headers: { host: 'attacker.example:8787' } });
    expect(rebound.statusCode).toBe(404);
    expect(rebound.body).not.toContain('Code inbox');
  });
});

describe('the client address of rate limits', () => {
  const attempts = async (trustProxy: string) => {
    const db = (await openTestDatabase('pglite'))!;
    const app = await createTestApp(db, { AUTHENTICATE_RATE_LIMIT: '2', TRUST_PROXY: trustProxy });
    try {
      const statuses: number[] = [];
      for (const forwarded of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/v1/authenticate/',
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress: '127.0.0.1',
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    } finally {
      await app.close();
      await db.close();
    }
  };

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    expect(await attempts('')).toEqual([401, 401, 429]);
  });

  it('believes X-Forwarded-For from a configured proxy', async () => {
    expect(await attempts('127.0.0.1')).toEqual([401, 401, 401]);
  });
});
