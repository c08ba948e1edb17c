import { API_PATHS, authenticateResponseSchema } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { createIdentity, idTokenFor } from './emulatorTokens.ts';
import { impersonationHeaders } from './impersonation.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

describe.each(DATABASE_KINDS)('POST /api/auth/v1/authenticate/ on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  const authenticate = async (uid: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: API_PATHS.authenticate,
      headers: { ...bearer(await idTokenFor(uid)), ...headers },
    });

  it('answers user, roles, assignable roles, organisation and terms in one round trip', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await authenticate('seed-owner');
    expect(response.statusCode).toBe(200);
    const body = authenticateResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ email: 'owner@acme.example', firebase_uid: 'seed-owner', is_active: true });
    expect(body.roles).toEqual(['org_owner', 'query', 'upload']);
    expect(body.assignable_roles).toEqual([
      'org_owner',
      'query',
      'upload',
      'upload_admin',
      'revenue_optimizer',
      'disputes',
      'residuals_admin',
    ]);
    expect(body.organization).toMatchObject({ name: 'Acme Acquiring', is_demo: false, id: body.user.org_id });
    expect(body.platform_permissions).toEqual([]);
    expect(body.impersonated_by).toBeNull();
  });

  it('records last_logged_in', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const started = Date.now();
    const body = authenticateResponseSchema.parse((await authenticate('seed-stale')).json());
    expect(Date.parse(body.user.config.last_logged_in!)).toBeGreaterThanOrEqual(started - 1000);
    const [after] = await db.query<{ config: { last_logged_in: string } }>(
      "select config from users where email = 'stale@acme.example'",
    );
    expect(after!.config.last_logged_in).toBe(body.user.config.last_logged_in);
  });

  it('reports embedded terms not yet accepted for the embedded user', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const body = authenticateResponseSchema.parse((await authenticate('seed-embedded')).json());
    expect(body.roles).toEqual(['revenue_optimizer']);
    expect(body.embedded_terms_accepted).toBe(false);
  });

  it('refuses to store an address in any but the normalised form', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const [org] = await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'");
    await expect(
      db.query("insert into users (email, name, org_id) values ('Mixed.Case@acme.example', 'Mixed', $1)", [org!.id]),
    ).rejects.toThrow(/users_email_normalized/);
  });

  // only an accepted invitation links (inviteAcceptance.test.ts); an address alone,
  // verified or not, never does, and a user who has an identity is never re-linked.
  it('gives a first sign-in without an accepted invitation no access, whatever its e-mail, and links nothing', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const [org] = await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'");
    const invited = `invited.${kind}@acme.example`;
    const unverified = `unverified.${kind}@acme.example`;
    const linked = `linked.${kind}@acme.example`;
    await db.query(
      "insert into users (email, name, org_id) values ($1, 'Ivy Invited', $4), ($2, 'Una Verified', $4), ($3, 'Lin Ked', $4)",
      [invited, unverified, linked, org!.id],
    );
    await db.query('update users set firebase_uid = $2 where email = $1', [linked, `original-${kind}`]);
    await createIdentity({ uid: `verified-${kind}`, email: invited, emailVerified: true });
    await createIdentity({ uid: `unverified-${kind}`, email: unverified, emailVerified: false });
    await createIdentity({ uid: `impostor-${kind}`, email: linked, emailVerified: true });
    for (const uid of [`verified-${kind}`, `unverified-${kind}`, `impostor-${kind}`]) {
      const response = await authenticate(uid);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'api/forbidden', message: 'This account has no access to the portal.' },
      });
    }
    const rows = await db.query<{ firebase_uid: string | null }>(
      'select firebase_uid from users where email in ($1, $2, $3) order by email',
      [invited, linked, unverified],
    );
    expect(rows.map((row) => row.firebase_uid)).toEqual([null, `original-${kind}`, null]);
  });

  it('answers the typed disabled error for an inactive portal user and records nothing', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await authenticate('seed-inactive');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'disabled', message: 'Please contact support.' } });
    const [row] = await db.query<{ config: { last_logged_in: string | null } }>(
      "select config from users where email = 'inactive@acme.example'",
    );
    expect(row!.config.last_logged_in).toBeNull();
  });

  it('answers the impersonated user for support staff, names the impersonator, and writes nothing for the target', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.authenticate,
      headers: await impersonationHeaders(app, 'seed-support', 'mfa@acme.example'),
    });
    expect(response.statusCode).toBe(200);
    const body = authenticateResponseSchema.parse(response.json());
    expect(body.user.email).toBe('mfa@acme.example');
    expect(body.impersonated_by).toBe('support@payportal.example');
    expect(body.platform_permissions).toEqual(['support']);
    const [row] = await db.query<{ config: { last_logged_in: string | null } }>(
      "select config from users where email = 'mfa@acme.example'",
    );
    expect(row!.config.last_logged_in).toBeNull();
  });

  it('impersonates the linked user of an address that several organisations use', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const orgs = await db.query<{ id: number; name: string }>(
      "select id, name from organizations where name in ('Acme Acquiring', 'Demo Payments') order by name",
    );
    const [acme, demo] = orgs.map((org) => org.id);
    const email = `twice.${kind}@example.com`;
    // the open invitation is the older row; the person signs in as the linked one
    await db.query("insert into users (email, name, org_id) values ($1, 'Tess Invited', $2)", [email, acme]);
    await db.query("insert into users (email, name, org_id, firebase_uid) values ($1, 'Tess Linked', $2, $3)", [
      email,
      demo,
      `twice-${kind}`,
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: API_PATHS.authenticate,
      headers: await impersonationHeaders(app, 'seed-support', email),
    });
    expect(authenticateResponseSchema.parse(answer.json()).user).toMatchObject({
      name: 'Tess Linked',
      org_id: demo,
      firebase_uid: `twice-${kind}`,
    });
  });

  it('limits authenticate calls per client address', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const limited = await createTestApp(db, { AUTHENTICATE_RATE_LIMIT: '2' });
    try {
      const token = await idTokenFor('seed-analyst');
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        statuses.push(
          (await limited.inject({ method: 'POST', url: API_PATHS.authenticate, headers: bearer(token) })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await limited.inject({ method: 'POST', url: API_PATHS.authenticate, headers: bearer(token) });
      expect(refused.json().error.code).toBe('api/rate-limited');
    } finally {
      await limited.close();
    }
  });
});
