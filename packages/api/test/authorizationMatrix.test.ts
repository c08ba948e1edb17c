// Every route × every kind of caller, on both databases. Asserts the status and code, that
// a refused answer carries nothing but the error, and that a refused request changed nothing.
import { API_ERROR_CODES, type ApiErrorCode } from '@payportal/shared/errors';
import { API_PATHS, type WarehouseUser } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor, withClaims } from './emulatorTokens.ts';
import { exchangeForImpersonation } from './impersonation.ts';
import { PORTAL_ROUTES, type CatalogueRoute } from './routeCatalogue.ts';
import { createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

interface Outcome {
  status: number;
  code?: ApiErrorCode;
}

interface MatrixCase {
  name: string;
  /** The seeded identity whose token is sent; null: no Authorization header. */
  caller: string | null;
  subject: string;
  /** Acting as this user: with an impersonation token the caller exchanged first, or see `withIdToken`. */
  impersonate?: string;
  /** Impersonate-User names this user instead of the token's (a token used for another target). */
  header?: string;
  /** Sends the caller's own ID token with Impersonate-User (the master key that is refused). */
  withIdToken?: boolean;
  expired?: boolean;
  expect(route: CatalogueRoute): Outcome;
}

const ok: Outcome = { status: 200 };
const refused = (status: number, code: ApiErrorCode): Outcome => ({ status, code });
const notFound = refused(404, API_ERROR_CODES.notFound);

const CASES: MatrixCase[] = [
  { name: 'own organisation, own rows', caller: 'seed-analyst', subject: 'analyst@acme.example', expect: () => ok },
  {
    name: 'own organisation, an owner about a colleague',
    caller: 'seed-owner',
    subject: 'analyst@acme.example',
    expect: (route) =>
      route.name === 'PUT user/{id}'
        ? refused(403, API_ERROR_CODES.forbidden)
        : route.name.includes('termsandconditions')
          ? notFound
          : ok,
  },
  {
    name: 'own organisation, a colleague without owner role',
    caller: 'seed-analyst',
    subject: 'uploader@acme.example',
    expect: (route) => (route.namesSubject && !route.name.startsWith('GET organization') ? notFound : ok),
  },
  {
    name: 'other organisation',
    caller: 'seed-analyst',
    subject: 'demo@demo-payments.example',
    expect: (route) => (route.namesSubject ? notFound : ok),
  },
  {
    name: 'no token',
    caller: null,
    subject: 'analyst@acme.example',
    expect: () => refused(401, API_ERROR_CODES.unauthenticated),
  },
  {
    name: 'expired token',
    caller: 'seed-analyst',
    expired: true,
    subject: 'analyst@acme.example',
    expect: () => refused(401, API_ERROR_CODES.tokenExpired),
  },
  {
    name: 'inactive user',
    caller: 'seed-inactive',
    subject: 'inactive@acme.example',
    expect: () => refused(403, API_ERROR_CODES.disabled),
  },
  {
    name: 'impersonation by support (read-only)',
    caller: 'seed-support',
    impersonate: 'analyst@acme.example',
    subject: 'analyst@acme.example',
    expect: (route) =>
      route.write && route.name !== 'POST authenticate' ? refused(403, API_ERROR_CODES.impersonationReadOnly) : ok,
  },
  {
    name: 'impersonation by support, naming another organisation',
    caller: 'seed-support',
    impersonate: 'analyst@acme.example',
    subject: 'demo@demo-payments.example',
    expect: (route) =>
      route.write && route.name !== 'POST authenticate'
        ? refused(403, API_ERROR_CODES.impersonationReadOnly)
        : route.namesSubject
          ? notFound
          : ok,
  },
  {
    name: 'a support user’s own ID token with Impersonate-User (no master key)',
    caller: 'seed-support-lead',
    impersonate: 'mfa@acme.example',
    withIdToken: true,
    subject: 'mfa@acme.example',
    expect: () => refused(403, API_ERROR_CODES.impersonationTokenRequired),
  },
  {
    name: 'impersonation with a non-support user’s ID token (an org owner)',
    caller: 'seed-owner',
    impersonate: 'analyst@acme.example',
    withIdToken: true,
    subject: 'analyst@acme.example',
    expect: () => refused(403, API_ERROR_CODES.impersonationTokenRequired),
  },
  {
    name: 'an impersonation token sent for another user than its own',
    caller: 'seed-support-lead',
    impersonate: 'mfa@acme.example',
    header: 'analyst@acme.example',
    subject: 'analyst@acme.example',
    expect: () => refused(403, API_ERROR_CODES.impersonationForbidden),
  },
  {
    name: 'impersonation of a user deactivated after the exchange',
    caller: 'seed-support',
    impersonate: 'inactive@acme.example',
    subject: 'inactive@acme.example',
    expect: () => refused(403, API_ERROR_CODES.disabled),
  },
  {
    name: 'write under impersonation with support_write',
    caller: 'seed-support-lead',
    impersonate: 'mfa@acme.example',
    subject: 'mfa@acme.example',
    expect: () => ok,
  },
];

describe.each(DATABASE_KINDS)('authorisation matrix on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  const users = new Map<string, WarehouseUser>();
  /** Each impersonating case's token, exchanged once before the routes are walked. */
  const impersonationTokens = new Map<string, string>();
  const snapshot = async () =>
    db!.query(
      `select (select json_agg(u order by u.id) from (select id, email, firebase_uid, name, org_id, is_active, config - 'last_logged_in' as config from users) u) as users,
              (select json_agg(t order by t.user_id, t.product_id) from (select user_id, product_id, acceptance_status from terms_acceptances) t) as terms,
              (select count(*)::int from user_roles) as links`,
    );
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
    for (const user of await db.query<WarehouseUser>(
      'select id, email, firebase_uid, name, org_id, is_active, config from users',
    ))
      users.set(user.email, user);
    // Support staff cannot get a token for an inactive user: it is issued while the user is active.
    await db.query("update users set is_active = true where email = 'inactive@acme.example'");
    for (const matrixCase of CASES) {
      if (matrixCase.impersonate && !matrixCase.withIdToken) {
        impersonationTokens.set(
          matrixCase.name,
          (await exchangeForImpersonation(app, matrixCase.caller!, matrixCase.impersonate)).token,
        );
      }
    }
    await db.query("update users set is_active = false where email = 'inactive@acme.example'");
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  describe.each(CASES)('$name', (matrixCase) => {
    it.for(PORTAL_ROUTES)('$name', async (route, context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const subject = users.get(matrixCase.subject)!;
      const headers: Record<string, string> = {};
      if (matrixCase.caller) {
        const token = impersonationTokens.get(matrixCase.name) ?? (await idTokenFor(matrixCase.caller));
        const now = Math.floor(Date.now() / 1000);
        headers.authorization = `Bearer ${matrixCase.expired ? withClaims(token, { iat: now - 7200, exp: now - 3600 }) : token}`;
      }
      if (matrixCase.impersonate) headers['impersonate-user'] = matrixCase.header ?? matrixCase.impersonate;
      const before = await snapshot();
      const response = await app.inject({ ...route.request(subject), headers });
      const expected = matrixCase.expect(route);

      expect(response.statusCode).toBe(expected.status);
      if (!expected.code) return;
      const body = response.json();
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.code).toBe(expected.code);
      expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
      expect(response.body).not.toContain(subject.email);
      expect(response.body).not.toContain(subject.name);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('writes one audit row per impersonated request, refused ones included, and one per exchange', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const rows = await db.query<{ caller: string; target_email: string; method: string; path: string; status: number }>(
      `select u.email as caller, a.target_email, a.method, a.path, a.status from impersonation_audit a join users u on u.id = a.caller_user_id order by a.id`,
    );
    const exchanges = rows.filter((row) => row.path === API_PATHS.impersonation);
    const uses = rows.filter((row) => row.path !== API_PATHS.impersonation);
    const impersonatedCases = CASES.filter((matrixCase) => matrixCase.impersonate);
    expect(uses).toHaveLength(impersonatedCases.length * PORTAL_ROUTES.length);
    expect(exchanges).toHaveLength(impersonatedCases.filter((matrixCase) => !matrixCase.withIdToken).length);
    expect(exchanges.every((row) => row.method === 'POST' && row.status === 201)).toBe(true);
    expect(uses.filter((row) => row.caller === 'owner@acme.example').every((row) => row.status === 403)).toBe(true);
    expect(uses).toContainEqual({
      caller: 'support@payportal.example',
      target_email: 'analyst@acme.example',
      method: 'PUT',
      path: expect.any(String),
      status: 403,
    });
    expect(uses).toContainEqual({
      caller: 'support-lead@payportal.example',
      target_email: 'mfa@acme.example',
      method: 'PUT',
      path: expect.any(String),
      status: 200,
    });
  });
});
