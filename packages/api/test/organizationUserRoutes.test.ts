// Through app.inject on the real createApp: tokens from the identity emulator, identity facts,
// revocation and second-factor removal through firebase-admin against that emulator.
import { createHash } from 'node:crypto';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  API_PATHS,
  decodeSignUpHash,
  inviteUserResponseSchema,
  managedUserSchema,
  ORG_MANAGEMENT_MESSAGES,
  ORG_MANAGEMENT_PATHS as PATHS,
  orgUsersPageSchema,
  userChangesResponseSchema,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor, signInWithoutSecondFactor, signInWithSmsCode } from './emulatorTokens.ts';
import { impersonationHeaders } from './impersonation.ts';
import { createMember, MEMBER_PASSWORD } from './orgMembers.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

describe.each(DATABASE_KINDS)('organisation management routes on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  let acme: number;
  let demo: number;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
    const orgs = await db.query<{ id: number; name: string }>('select id, name from organizations');
    acme = orgs.find((org) => org.name === 'Acme Acquiring')!.id;
    demo = orgs.find((org) => org.name === 'Demo Payments')!.id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const call = async (uid: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(await idTokenFor(uid)), ...(payload && { payload }) });
  /** The id of Acme's user with this address (other organisations may use it too). */
  const userId = async (email: string) =>
    (await db!.query<{ id: number }>('select id from users where org_id = $1 and email = $2', [acme, email]))[0]!.id;
  const rolesOf = async (id: number) =>
    (
      await db!.query<{ name: string }>(
        'select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1 order by r.id',
        [id],
      )
    ).map((row) => row.name);
  const changeCount = async () => (await db!.query<{ n: number }>('select count(*)::int as n from user_changes'))[0]!.n;

  it('lists one page of the organisation with roles and identity facts, searched and sorted on the server', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const first = orgUsersPageSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.users(acme)}?pageSize=5&sort=email`)).json(),
    );
    expect(first.total).toBe(14);
    expect(first.users.map((user) => user.email)).toEqual([
      'agent@acme.example',
      'analyst@acme.example',
      'disabled@acme.example',
      'disputes@acme.example',
      'embedded@acme.example',
    ]);
    const second = orgUsersPageSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.users(acme)}?pageSize=5&page=2&sort=email`)).json(),
    );
    expect(second.users[0]!.email).toBe('inactive@acme.example');
    const inactive = second.users[0]!;
    expect(inactive).toMatchObject({
      is_active: false,
      roles: ['query'],
      signed_up: true,
      second_factor_enrolled: true,
    });
    expect(first.users[2]).toMatchObject({
      email: 'disabled@acme.example',
      second_factor_enrolled: false,
      email_verified: true,
    });

    const found = orgUsersPageSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.users(acme)}?search=UPLOAD&sort=name&direction=desc`)).json(),
    );
    expect(found.users.map((user) => user.name)).toEqual(['Uma Uploader', 'Ada Upload-Admin']);
    const third = orgUsersPageSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.users(acme)}?pageSize=5&page=3&sort=email`)).json(),
    );
    expect(third.users.map((user) => user.email)).toEqual([
      'stale@acme.example',
      'unverified@acme.example',
      'upload-admin@acme.example',
      'uploader@acme.example',
    ]);
  });

  it('treats % and _ in the search as plain characters', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const page = orgUsersPageSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.users(acme)}?search=${encodeURIComponent('%_')}`)).json(),
    );
    expect(page.total).toBe(0);
  });

  it('refuses non-owners with 403 and other organisations with 404, changing nothing', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const before = await changeCount();
    const analyst = await userId('analyst@acme.example');
    const refusals = [
      [await call('seed-analyst', 'GET', PATHS.users(acme)), 403],
      [await call('seed-analyst', 'POST', PATHS.users(acme), { name: 'X', email: 'x@acme.example', roles: [] }), 403],
      [await call('seed-upload-admin', 'PUT', PATHS.roles(acme, analyst), { roles: ['upload'] }), 403],
      [await call('seed-demo', 'GET', PATHS.users(acme)), 404],
      [await call('seed-demo', 'PUT', PATHS.active(acme, analyst), { is_active: false }), 404],
      [await call('seed-demo', 'PUT', PATHS.name(demo, analyst), { name: 'Renamed' }), 404],
      [await call('seed-demo', 'GET', `${PATHS.history(demo)}?user_id=${analyst}`), 404],
      [await call('seed-owner', 'DELETE', PATHS.secondFactors(acme, 999_999)), 404],
    ] as const;
    expect(refusals.map(([response]) => response.statusCode)).toEqual(refusals.map(([, status]) => status));
    expect(await changeCount()).toBe(before);
    const [row] = await db.query<{ name: string; is_active: boolean }>(
      'select name, is_active from users where id = $1',
      [analyst],
    );
    expect(row).toEqual({ name: 'Quinn Analyst', is_active: true });
  });

  it('invites: creates the user with its roles, answers the sign-up path and audits it', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await call('seed-owner', 'POST', PATHS.users(acme), {
      name: 'Nia New',
      email: `Nia.${kind}@acme.example`,
      roles: ['query', 'upload'],
    });
    expect(response.statusCode).toBe(201);
    const body = inviteUserResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({
      name: 'Nia New',
      roles: ['query', 'upload'],
      is_active: true,
      signed_up: false,
      last_sign_in: null,
    });
    // stored and linked in the one normalised form; the link holds the invitation's
    // secret, of which the database keeps only the SHA-256, valid for 14 days
    const link = decodeSignUpHash(body.signUpPath.replace('/sign-up/', ''))!;
    expect(link).toEqual({
      email: `nia.${kind}@acme.example`,
      name: 'Nia New',
      invite: expect.stringMatching(/^[\w-]{43}$/),
    });
    const [stored] = await db.query<{ invite_token_hash: string; days: number }>(
      'select invite_token_hash, round(extract(epoch from invite_expires_at - now()) / 86400)::int as days from users where id = $1',
      [body.user.id],
    );
    expect(stored).toEqual({ invite_token_hash: createHash('sha256').update(link.invite).digest('hex'), days: 14 });
    const [change] = userChangesResponseSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.history(acme)}?user_id=${body.user.id}`)).json(),
    );
    expect(change).toMatchObject({
      action: 'invite',
      actor: { email: 'owner@acme.example', name: 'Olivia Owner' },
      before: null,
    });
    expect(change!.after).toEqual({ email: `nia.${kind}@acme.example`, name: 'Nia New', roles: ['query', 'upload'] });
  });

  it('answers "Account already exists." for an address already in this organisation, changing nothing', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const before = await changeCount();
    // letter case and surrounding spaces name the same stored address
    for (const email of ['ANALYST@acme.example', ' analyst@acme.example ']) {
      const response = await call('seed-owner', 'POST', PATHS.users(acme), { name: 'Someone', email, roles: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'api/conflict', message: ORG_MANAGEMENT_MESSAGES.accountExists },
      });
    }
    expect(await changeCount()).toBe(before);
  });

  // addresses are unique per organisation, and the answer cannot tell whether another
  // organisation uses one.
  it("invites an address another organisation uses like any other: that organisation's row is untouched and the answer is the same", async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const acmeRows = () => db!.query('select * from users where org_id = $1 order by id', [acme]);
    const acmeChanges = () => db!.query('select * from user_changes where org_id = $1 order by id', [acme]);
    const [rowsBefore, changesBefore] = [await acmeRows(), await acmeChanges()];
    const usedElsewhere = await call('seed-demo', 'POST', PATHS.users(demo), {
      name: 'Someone',
      email: 'analyst@acme.example',
      roles: ['query'],
    });
    const unused = await call('seed-demo', 'POST', PATHS.users(demo), {
      name: 'Someone',
      email: `nobody.${kind}@acme.example`,
      roles: ['query'],
    });

    // The two answers differ only in what the owner typed and what is new for each: id, address, secret.
    const shape = (response: typeof unused) => {
      const body = inviteUserResponseSchema.parse(response.json());
      const link = decodeSignUpHash(body.signUpPath.replace('/sign-up/', ''))!;
      return {
        status: response.statusCode,
        headers: Object.keys(response.headers).sort(),
        user: { ...body.user, id: 0, email: '' },
        link: { ...link, email: '', invite: link.invite.length },
      };
    };
    expect(usedElsewhere.statusCode).toBe(201);
    expect(shape(usedElsewhere)).toEqual(shape(unused));
    expect(inviteUserResponseSchema.parse(usedElsewhere.json()).user).toMatchObject({
      email: 'analyst@acme.example',
      signed_up: false,
      roles: ['query'],
    });
    expect(await acmeRows()).toEqual(rowsBefore);
    expect(await acmeChanges()).toEqual(changesBefore);
    // looking the address up finds this organisation's user, not the other's
    const found = await call('seed-demo', 'GET', `${API_PATHS.users}?email=analyst@acme.example`);
    expect(found.json()).toMatchObject([{ email: 'analyst@acme.example', org_id: demo, firebase_uid: null }]);

    // now it is in this organisation too
    const again = await call('seed-demo', 'POST', PATHS.users(demo), {
      name: 'Someone',
      email: 'Analyst@acme.example',
      roles: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ORG_MANAGEMENT_MESSAGES.accountExists);
  });

  it('makes a new sign-up link only for users who have not signed up', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const signedUp = await call('seed-owner', 'POST', PATHS.inviteLink(acme, await userId('analyst@acme.example')));
    expect(signedUp.statusCode).toBe(409);
    expect(signedUp.json().error.message).toBe(ORG_MANAGEMENT_MESSAGES.alreadySignedUp);
    const elsewhere = await call('seed-demo', 'POST', PATHS.inviteLink(demo, await userId('uploader@acme.example')));
    expect(elsewhere.statusCode).toBe(404);
  });

  it('validates the invitation with the shared schema', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await call('seed-owner', 'POST', PATHS.users(acme), {
      name: ' ',
      email: 'not-an-address',
      roles: ['superuser'],
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .error.issues.map((issue: { field: string }) => issue.field)
        .sort(),
    ).toEqual(['email', 'name', 'roles.0']);
  });

  describe('with an owner role that grants only query and upload', () => {
    beforeAll(async () => {
      await db?.query("update roles set grants = '{query,upload}' where name = 'org_owner'");
    });
    afterAll(async () => {
      await db?.query(
        "update roles set grants = '{org_owner,query,upload,upload_admin,revenue_optimizer,disputes,residuals_admin}' where name = 'org_owner'",
      );
    });

    it('refuses to give or take a role outside the grant, whatever the client sends', async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const embedded = await userId('embedded@acme.example');
      const refused = [
        await call('seed-owner', 'POST', PATHS.users(acme), {
          name: 'Ozzy',
          email: `ozzy.${kind}@acme.example`,
          roles: ['org_owner'],
        }),
        await call('seed-owner', 'PUT', PATHS.roles(acme, embedded), { roles: ['revenue_optimizer', 'upload_admin'] }),
        await call('seed-owner', 'PUT', PATHS.roles(acme, embedded), { roles: ['query'] }),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toContain(ORG_MANAGEMENT_MESSAGES.notAssignable);
      }
      expect(await rolesOf(embedded)).toEqual(['revenue_optimizer']);
      expect(await db.query('select 1 from users where email = $1', [`ozzy.${kind}@acme.example`])).toEqual([]);
    });

    it('lets a role outside the grant stay while granted roles change', async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const embedded = await userId('embedded@acme.example');
      const response = await call('seed-owner', 'PUT', PATHS.roles(acme, embedded), {
        roles: ['query', 'revenue_optimizer'],
      });
      expect(response.statusCode).toBe(200);
      expect(managedUserSchema.parse(response.json()).roles).toEqual(['query', 'revenue_optimizer']);
      const [change] = userChangesResponseSchema.parse(
        (await call('seed-owner', 'GET', `${PATHS.history(acme)}?user_id=${embedded}`)).json(),
      );
      expect(change).toMatchObject({
        action: 'roles',
        before: ['revenue_optimizer'],
        after: ['query', 'revenue_optimizer'],
      });
    });
  });

  it('keeps an active owner: the last owner cannot drop their owner role or deactivate themselves', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const owner = await userId('owner@acme.example');
    const analyst = await userId('analyst@acme.example');
    const own = await call('seed-owner', 'PUT', PATHS.roles(acme, owner), { roles: ['query'] });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(ORG_MANAGEMENT_MESSAGES.lastOwner);
    const self = await call('seed-owner', 'PUT', PATHS.active(acme, owner), { is_active: false });
    expect(self.json().error.message).toBe(ORG_MANAGEMENT_MESSAGES.ownAccount);
    expect(await rolesOf(owner)).toEqual(['org_owner', 'query', 'upload']);

    // With a second owner, an owner's role can be taken again.
    expect(
      (await call('seed-owner', 'PUT', PATHS.roles(acme, analyst), { roles: ['org_owner', 'query'] })).statusCode,
    ).toBe(200);
    expect((await call('seed-owner', 'PUT', PATHS.roles(acme, analyst), { roles: ['query'] })).statusCode).toBe(200);
    expect(await rolesOf(analyst)).toEqual(['query']);
  });

  it('renames a user and audits before and after', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const uploader = await userId('uploader@acme.example');
    const response = await call('seed-owner', 'PUT', PATHS.name(acme, uploader), { name: '  Uma Upload  ' });
    expect(managedUserSchema.parse(response.json()).name).toBe('Uma Upload');
    const [change] = userChangesResponseSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.history(acme)}?user_id=${uploader}`)).json(),
    );
    expect(change).toMatchObject({
      action: 'name',
      before: 'Uma Uploader',
      after: 'Uma Upload',
      target: { id: uploader },
    });
  });

  it('lets the owner label a user partner-portal, audited; the label alone skips no SMS step (SECURITY.md #3)', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const uid = `org-partner-${kind}`;
    const email = `framed.${kind}@acme.example`;
    const member = await createMember(db, { uid, email, name: 'Fran Framed', orgId: acme, roles: ['query'] });
    const ownUser = async () =>
      app.inject({
        method: 'GET',
        url: `${API_PATHS.users}?email=${email}`,
        headers: bearer(await signInWithoutSecondFactor(uid)),
      });
    expect((await ownUser()).json().error.code).toBe(API_ERROR_CODES.secondFactorRequired);

    const changed = await call('seed-owner', 'PUT', PATHS.signInMethod(acme, member), { sign_in_method: 'partner' });
    expect(managedUserSchema.parse(changed.json()).sign_in_method).toBe('partner');
    // Only a partner's own session skips it (the token decides), and no partner is bound here.
    expect((await ownUser()).json().error.code).toBe(API_ERROR_CODES.secondFactorRequired);
    const [change] = userChangesResponseSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.history(acme)}?user_id=${member}`)).json(),
    );
    expect(change).toMatchObject({
      action: 'sign-in-method',
      before: 'standalone',
      after: 'partner',
      actor: { email: 'owner@acme.example' },
    });
    // Nobody else decides it: not the user, and not another organisation's owner.
    expect(
      (await call('seed-analyst', 'PUT', PATHS.signInMethod(acme, member), { sign_in_method: 'standalone' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('seed-demo', 'PUT', PATHS.signInMethod(acme, member), { sign_in_method: 'standalone' })).statusCode,
    ).toBe(404);
  });

  it("deactivation ends the user's sessions and refuses them as disabled; reactivation restores access", async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const uid = `org-leaver-${kind}`;
    const email = `leaver.${kind}@acme.example`;
    const leaver = await createMember(db, {
      uid,
      email,
      name: 'Lee Leaver',
      orgId: acme,
      roles: ['query'],
      phone: '+16505550184',
    });
    const ownUser = `${API_PATHS.users}?email=${encodeURIComponent(email)}`;
    const asLeaver = (token: string) => app.inject({ method: 'GET', url: ownUser, headers: bearer(token) });
    const openSession = await signInWithSmsCode(email, MEMBER_PASSWORD);
    expect((await asLeaver(openSession)).statusCode).toBe(200);
    // Revocation has one-second resolution: a token issued in the same second as the revocation stays valid.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const off = await call('seed-owner', 'PUT', PATHS.active(acme, leaver), { is_active: false });
    expect(managedUserSchema.parse(off.json()).is_active).toBe(false);
    // The open session's next call: `disabled`; its writes check revocation and are refused too.
    expect((await asLeaver(openSession)).json()).toEqual({
      error: { code: 'disabled', message: 'Please contact support.' },
    });
    const write = await app.inject({
      method: 'PUT',
      url: API_PATHS.user(leaver),
      headers: bearer(openSession),
      payload: { name: 'Still here' },
    });
    expect(write.json().error.code).toBe('api/token-revoked');
    const again = await asLeaver(await signInWithSmsCode(email, MEMBER_PASSWORD));
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: { code: 'disabled', message: 'Please contact support.' } });

    const on = await call('seed-owner', 'PUT', PATHS.active(acme, leaver), { is_active: true });
    expect(managedUserSchema.parse(on.json()).is_active).toBe(true);
    // No wait: the owner's write emptied the read cache, so the refused read's cached row is gone.
    expect((await asLeaver(await signInWithSmsCode(email, MEMBER_PASSWORD))).statusCode).toBe(200);
    const history = userChangesResponseSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.history(acme)}?user_id=${leaver}`)).json(),
    );
    expect(history.map((change) => change.action)).toEqual(['reactivate', 'deactivate']);
    expect(history[1]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
  });

  it('resets the second factor in the identity provider and audits it', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const uid = `org-factor-${kind}`;
    const member = await createMember(db, {
      uid,
      email: `factor.${kind}@acme.example`,
      name: 'Fay Factor',
      orgId: acme,
      roles: ['query'],
      phone: '+16505550199',
    });
    const listed = orgUsersPageSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.users(acme)}?search=factor.${kind}`)).json(),
    );
    expect(listed.users[0]!.second_factor_enrolled).toBe(true);

    const reset = await call('seed-owner', 'DELETE', PATHS.secondFactors(acme, member));
    expect(managedUserSchema.parse(reset.json()).second_factor_enrolled).toBe(false);
    const [change] = userChangesResponseSchema.parse(
      (await call('seed-owner', 'GET', `${PATHS.history(acme)}?user_id=${member}`)).json(),
    );
    expect(change).toMatchObject({
      action: 'second-factor-reset',
      before: { second_factors: 1 },
      after: { second_factors: 0 },
    });
  });

  it('keeps impersonated support staff without support_write read-only', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await app.inject({
      method: 'PUT',
      url: PATHS.name(acme, await userId('analyst@acme.example')),
      headers: await impersonationHeaders(app, 'seed-support', 'owner@acme.example'),
      payload: { name: 'Hijacked' },
    });
    expect(response.json().error.code).toBe('api/impersonation-read-only');
  });

  it('pages thousands of users by the database, not in memory', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    await db.query(
      `insert into users (email, name, org_id, config) select 'bulk' || n || '@acme.example', 'Bulk ' || lpad(n::text, 4, '0'), $1, '{}'
       from generate_series(1, 3000) as n`,
      [acme],
    );
    const page = orgUsersPageSchema.parse(
      (
        await call('seed-owner', 'GET', `${PATHS.users(acme)}?search=bulk&sort=name&direction=desc&page=3&pageSize=100`)
      ).json(),
    );
    expect(page.total).toBe(3000);
    expect(page.users).toHaveLength(100);
    expect(page.users[0]!.name).toBe('Bulk 2800');
    expect(page.users.at(-1)!.name).toBe('Bulk 2701');
  });
});
