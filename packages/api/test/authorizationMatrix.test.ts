// issue #3: every route × every kind of caller, on both databases. Asserts the status and code, that
// a refused answer carries nothing but the error, and that a refused request changed nothing.
import { API_ERROR_CODES, type ApiErrorCode, type WarehouseUser } from '@payportal/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor, withClaims } from './emulatorTokens.ts';
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
  impersonate?: string;
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
      route.name === 'PUT user/{id}' ? refused(403, API_ERROR_CODES.forbidden) : route.name.includes('termsandconditions') ? notFound : ok,
  },
  { name: 'own organisation, a colleague without owner role', caller: 'seed-analyst', subject: 'uploader@acme.example', expect: (route) => (route.namesSubject && !route.name.startsWith('GET organization') ? notFound : ok) },
  { name: 'other organisation', caller: 'seed-analyst', subject: 'demo@demo-payments.example', expect: (route) => (route.namesSubject ? notFound : ok) },
  { name: 'no token', caller: null, subject: 'analyst@acme.example', expect: () => refused(401, API_ERROR_CODES.unauthenticated) },
  { name: 'expired token', caller: 'seed-analyst', expired: true, subject: 'analyst@acme.example', expect: () => refused(401, API_ERROR_CODES.tokenExpired) },
  { name: 'inactive user', caller: 'seed-inactive', subject: 'inactive@acme.example', expect: () => refused(403, API_ERROR_CODES.disabled) },
  {
    name: 'impersonation by support (read-only)',
    caller: 'seed-support',
    impersonate: 'analyst@acme.example',
    subject: 'analyst@acme.example',
    expect: (route) => (route.write && route.name !== 'POST authenticate' ? refused(403, API_ERROR_CODES.impersonationReadOnly) : ok),
  },
  {
    name: 'impersonation by support, naming another organisation',
    caller: 'seed-support',
    impersonate: 'analyst@acme.example',
    subject: 'demo@demo-payments.example',
    expect: (route) =>
      route.write && route.name !== 'POST authenticate' ? refused(403, API_ERROR_CODES.impersonationReadOnly) : route.namesSubject ? notFound : ok,
  },
  {
    name: 'impersonation by a non-support user (an org owner)',
    caller: 'seed-owner',
    impersonate: 'analyst@acme.example',
    subject: 'analyst@acme.example',
    expect: () => refused(403, API_ERROR_CODES.impersonationForbidden),
  },
  {
    name: 'impersonation of an inactive user by support',
    caller: 'seed-support',
    impersonate: 'inactive@acme.example',
    subject: 'inactive@acme.example',
    expect: (route) => (route.write && route.name !== 'POST authenticate' ? refused(403, API_ERROR_CODES.impersonationReadOnly) : refused(403, API_ERROR_CODES.disabled)),
  },
  { name: 'write under impersonation with support_write', caller: 'seed-support-lead', impersonate: 'mfa@acme.example', subject: 'mfa@acme.example', expect: () => ok },
];

describe.each(DATABASE_KINDS)('authorisation matrix on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  const users = new Map<string, WarehouseUser>();
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
    for (const user of await db.query<WarehouseUser>('select id, email, firebase_uid, name, org_id, is_active, config from users')) users.set(user.email, user);
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
        const token = await idTokenFor(matrixCase.caller);
        const now = Math.floor(Date.now() / 1000);
        headers.authorization = `Bearer ${matrixCase.expired ? withClaims(token, { iat: now - 7200, exp: now - 3600 }) : token}`;
      }
      if (matrixCase.impersonate) headers['impersonate-user'] = matrixCase.impersonate;
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

  it('writes one audit row per impersonated request, refused ones included', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const rows = await db.query<{ caller: string; target_email: string; method: string; status: number }>(
      `select u.email as caller, a.target_email, a.method, a.status from impersonation_audit a join users u on u.id = a.caller_user_id order by a.id`,
    );
    const impersonatedCases = CASES.filter((matrixCase) => matrixCase.impersonate);
    expect(rows).toHaveLength(impersonatedCases.length * PORTAL_ROUTES.length);
    expect(rows.filter((row) => row.caller === 'owner@acme.example').every((row) => row.status === 403)).toBe(true);
    expect(rows).toContainEqual({ caller: 'support@payportal.example', target_email: 'analyst@acme.example', method: 'PUT', status: 403 });
    expect(rows).toContainEqual({ caller: 'support-lead@payportal.example', target_email: 'mfa@acme.example', method: 'PUT', status: 200 });
  });
});
