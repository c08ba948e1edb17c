// The routes as their callers use them, on both databases.
import { API_PATHS, rolesResponseSchema, usersResponseSchema, type WarehouseUser } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

describe.each(DATABASE_KINDS)('portal routes on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  const users = new Map<string, WarehouseUser>();
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
    for (const user of await db.query<WarehouseUser>(
      'select id, email, firebase_uid, name, org_id, is_active, config, sign_in_method from users',
    )) {
      users.set(user.email, user);
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  const user = (email: string) => users.get(email)!;
  const call = async (uid: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(await idTokenFor(uid)), ...(payload && { payload }) });

  it('GET user by e-mail answers the caller themselves, in any letter case', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await call('seed-analyst', 'GET', `${API_PATHS.users}?email=ANALYST@acme.example`);
    expect(response.statusCode).toBe(200);
    expect(usersResponseSchema.parse(response.json())).toEqual([user('analyst@acme.example')]);
  });

  it('GET user by e-mail lets an owner see a colleague, but not a colleague see the owner', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const asOwner = await call('seed-owner', 'GET', `${API_PATHS.users}?email=analyst@acme.example`);
    expect(asOwner.json()).toEqual([user('analyst@acme.example')]);
    const asAnalyst = await call('seed-analyst', 'GET', `${API_PATHS.users}?email=owner@acme.example`);
    expect(asAnalyst.statusCode).toBe(404);
  });

  it('PUT user changes the caller’s own name and last_logged_in when the app sends the whole user back', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const me = user('uploader@acme.example');
    const lastLoggedIn = '2026-11-20T10:00:00.000Z';
    const response = await call('seed-uploader', 'PUT', API_PATHS.user(me.id), {
      ...me,
      name: 'Uma Renamed',
      config: { ...me.config, last_logged_in: lastLoggedIn },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...me,
      name: 'Uma Renamed',
      config: { ...me.config, last_logged_in: lastLoggedIn },
    });
    const [row] = await db.query<{ name: string }>('select name from users where id = $1', [me.id]);
    expect(row!.name).toBe('Uma Renamed');
  });

  it('PUT user refuses changes to org, is_active, firebase_uid and e-mail, naming them, and changes nothing', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const me = user('staff@payportal.example');
    const response = await call('seed-staff', 'PUT', API_PATHS.user(me.id), {
      ...me,
      name: 'Sneaky',
      org_id: user('owner@acme.example').org_id,
      is_active: false,
      firebase_uid: 'someone-else',
      email: 'owner@acme.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'api/forbidden',
      message: 'You cannot change email, firebase_uid, org_id, is_active.',
    });
    const [row] = await db.query<WarehouseUser>(
      'select id, email, firebase_uid, name, org_id, is_active, config, sign_in_method from users where id = $1',
      [me.id],
    );
    expect(row).toEqual(me);
  });

  it('PUT user answers an owner 403 for a colleague’s profile (visible, not theirs) and 404 for a stranger’s', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const colleague = user('mfa@acme.example');
    expect((await call('seed-owner', 'PUT', API_PATHS.user(colleague.id), { name: 'X' })).statusCode).toBe(403);
    expect((await call('seed-analyst', 'PUT', API_PATHS.user(colleague.id), { name: 'X' })).statusCode).toBe(404);
  });

  it('terms: the embedded user reads none, accepts product 2, and reads it back', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const me = user('embedded@acme.example');
    expect((await call('seed-embedded', 'GET', `${API_PATHS.terms}?user_id=${me.id}`)).json()).toEqual([]);
    const accepted = await call('seed-embedded', 'POST', API_PATHS.terms, {
      user_id: me.id,
      product_id: 2,
      acceptance_status: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await call('seed-embedded', 'GET', `${API_PATHS.terms}?user_id=${me.id}`)).json()).toEqual([
      { product_id: 2, acceptance_status: true },
    ]);
  });

  it('user-role: a user reads their own links and an owner reads a colleague’s', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const admin = user('upload-admin@acme.example');
    const own = await call('seed-upload-admin', 'GET', `${API_PATHS.userRoles}?user_id=${admin.id}`);
    expect(own.json()).toEqual([
      { user_id: admin.id, role_id: 3 },
      { user_id: admin.id, role_id: 4 },
    ]);
    expect((await call('seed-owner', 'GET', `${API_PATHS.userRoles}?user_id=${admin.id}`)).json()).toEqual(own.json());
  });

  it('role: any signed-in user reads every role with its grants', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const roles = rolesResponseSchema.parse((await call('seed-analyst', 'GET', API_PATHS.roles)).json());
    expect(roles.map((role) => role.name)).toEqual([
      'org_owner',
      'query',
      'upload',
      'upload_admin',
      'revenue_optimizer',
      'disputes',
      'residuals_admin',
    ]);
    expect(roles.find((role) => role.name === 'upload_admin')?.grants).toEqual(['upload']);
  });

  it('organization: a member reads their organisation', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const demo = user('demo@demo-payments.example');
    const response = await call('seed-demo', 'GET', API_PATHS.organization(demo.org_id));
    expect(response.json()).toEqual({ id: demo.org_id, is_demo: true, name: 'Demo Payments' });
  });
});
