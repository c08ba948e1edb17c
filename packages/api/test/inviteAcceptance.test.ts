// An identity is linked to a portal user only by accepting that user's invitation with
// the single-use secret of its sign-up link, right after the sign-up created the identity (its e-mail
// not yet verified). Every refusal is one answer. Real ID tokens from the identity emulator.
import { createHash, randomBytes } from 'node:crypto';
import {
  API_PATHS,
  authenticateResponseSchema,
  decodeSignUpHash,
  inviteUserResponseSchema,
  ORG_MANAGEMENT_MESSAGES,
  ORG_MANAGEMENT_PATHS as PATHS,
  userChangesResponseSchema,
  type SignUpPayload,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { createIdentity, deleteIdentity, idTokenFor, signInWithSmsCode } from './emulatorTokens.ts';
import { MEMBER_PASSWORD } from './orgMembers.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const REFUSED = {
  error: {
    code: 'api/invite-refused',
    message: 'This invitation cannot be accepted. Ask your administrator for a new invitation link.',
  },
};

interface InviteRow {
  firebase_uid: string | null;
  invite_token_hash: string | null;
  is_active: boolean;
}

describe.each(DATABASE_KINDS)('accepting an invitation on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  let acme: number;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db);
    [{ id: acme }] = (await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'")) as [
      { id: number },
    ];
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  /** The owner of Acme invites `email`: the link's payload and the new user's id. */
  const invite = async (email: string, roles: string[] = ['query']): Promise<SignUpPayload & { userId: number }> => {
    const response = await app.inject({
      method: 'POST',
      url: PATHS.users(acme),
      headers: bearer(await idTokenFor('seed-owner')),
      payload: { name: 'Ivy Invitee', email, roles },
    });
    expect(response.statusCode).toBe(201);
    const body = inviteUserResponseSchema.parse(response.json());
    return { ...decodeSignUpHash(body.signUpPath.replace('/sign-up/', ''))!, userId: body.user.id };
  };
  /** What the sign-up screen does right after creating the identity. */
  const accept = async (uid: string, secret: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: API_PATHS.acceptInvite,
      headers: { ...bearer(await idTokenFor(uid)), ...headers },
      payload: { invite: secret },
    });
  const rowOf = async (userId: number) =>
    (
      await db!.query<InviteRow>('select firebase_uid, invite_token_hash, is_active from users where id = $1', [userId])
    )[0]!;
  const newSecret = () => randomBytes(32).toString('base64url');
  /** The address the identity's ID token carries. */
  const identityEmail = async (uid: string) =>
    JSON.parse(Buffer.from((await idTokenFor(uid)).split('.')[1]!, 'base64url').toString()).email as string;

  it('links the invited user to the new identity, whose e-mail is not verified yet', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const link = await invite(`ivy.${kind}@acme.example`, ['query', 'upload']);
    expect(createHash('sha256').update(link.invite).digest('hex')).toBe((await rowOf(link.userId)).invite_token_hash);
    await createIdentity({ uid: `ivy-${kind}`, email: link.email, emailVerified: false });

    const accepted = await accept(`ivy-${kind}`, link.invite);
    expect(accepted.statusCode).toBe(204);
    expect(accepted.body).toBe('');
    expect(await rowOf(link.userId)).toEqual({ firebase_uid: `ivy-${kind}`, invite_token_hash: null, is_active: true });
    // once the e-mail is verified and a phone registered (SECURITY.md #3), signing in finds the invited
    // user with the roles the owner gave
    await createIdentity({ uid: `ivy-${kind}`, email: link.email, emailVerified: true, phone: '+16505550161' });
    const signIn = await app.inject({
      method: 'POST',
      url: API_PATHS.authenticate,
      headers: bearer(await signInWithSmsCode(link.email, MEMBER_PASSWORD)),
    });
    const session = authenticateResponseSchema.parse(signIn.json());
    expect(session.user).toMatchObject({ id: link.userId, org_id: acme, email: `ivy.${kind}@acme.example` });
    expect(session.roles).toEqual(['query', 'upload']);
  });

  it('refuses a second use of a link, also by another identity with the same address', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const link = await invite(`once.${kind}@acme.example`);
    await createIdentity({ uid: `once-${kind}`, email: link.email, emailVerified: false });
    expect((await accept(`once-${kind}`, link.invite)).statusCode).toBe(204);

    const byTheSame = await accept(`once-${kind}`, link.invite);
    // the identity is deleted and the address signs up again: a new identity with the same address
    await deleteIdentity(`once-${kind}`);
    await createIdentity({ uid: `once-again-${kind}`, email: link.email, emailVerified: true });
    expect(await identityEmail(`once-again-${kind}`)).toBe(link.email);
    const byAnother = await accept(`once-again-${kind}`, link.invite);
    for (const again of [byTheSame, byAnother]) {
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual(REFUSED);
    }
    expect((await rowOf(link.userId)).firebase_uid).toBe(`once-${kind}`);
  });

  it('refuses an unknown or expired secret, another address and a deactivated invitee, all with one answer', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const link = await invite(`wait.${kind}@acme.example`);
    await createIdentity({ uid: `wait-${kind}`, email: link.email, emailVerified: false });
    await createIdentity({ uid: `other-${kind}`, email: `other.${kind}@acme.example`, emailVerified: true });
    const before = await rowOf(link.userId);
    const setRow = (change: string) => db!.query(`update users set ${change} where id = $1`, [link.userId]);

    const refusals = [await accept(`wait-${kind}`, newSecret()), await accept(`other-${kind}`, link.invite)];
    await setRow("invite_expires_at = now() - interval '1 second'");
    refusals.push(await accept(`wait-${kind}`, link.invite));
    await setRow("invite_expires_at = now() + interval '1 day', is_active = false");
    refusals.push(await accept(`wait-${kind}`, link.invite));
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
    expect(await rowOf(link.userId)).toEqual({ ...before, is_active: false });

    // the same link is accepted once it is open again: what refused it was the rule under test
    await setRow('is_active = true');
    expect((await accept(`wait-${kind}`, link.invite)).statusCode).toBe(204);
  });

  it("refuses an identity that is linked to another organisation's user, and that invitation stays open", async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    // Dana is the owner of Demo Payments; Acme may invite her address all the same
    const link = await invite('demo@demo-payments.example');
    const refused = await accept('seed-demo', link.invite);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
    expect((await rowOf(link.userId)).firebase_uid).toBeNull();
    expect((await rowOf(link.userId)).invite_token_hash).not.toBeNull();
    const [dana] = await db.query<{ org_name: string }>(
      "select o.name as org_name from users u join organizations o on o.id = u.org_id where u.firebase_uid = 'seed-demo'",
    );
    expect(dana).toEqual({ org_name: 'Demo Payments' });
  });

  it('never links by signing in: an invited identity that has not accepted gets no access', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const link = await invite(`skip.${kind}@acme.example`);
    await createIdentity({ uid: `skip-${kind}`, email: link.email, emailVerified: true });
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.authenticate,
      headers: bearer(await idTokenFor(`skip-${kind}`)),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('api/forbidden');
    expect((await rowOf(link.userId)).firebase_uid).toBeNull();
  });

  it('a new link from the owner replaces the earlier one, is audited, and is refused once the user has signed up', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const first = await invite(`renew.${kind}@acme.example`);
    const owner = bearer(await idTokenFor('seed-owner'));
    const renewed = await app.inject({ method: 'POST', url: PATHS.inviteLink(acme, first.userId), headers: owner });
    expect(renewed.statusCode).toBe(200);
    const second = decodeSignUpHash(
      inviteUserResponseSchema.parse(renewed.json()).signUpPath.replace('/sign-up/', ''),
    )!;
    expect(second).toMatchObject({ email: first.email, name: first.name });
    expect(second.invite).not.toBe(first.invite);
    const [change] = userChangesResponseSchema.parse(
      (await app.inject({ url: `${PATHS.history(acme)}?user_id=${first.userId}`, headers: owner })).json(),
    );
    expect(change).toMatchObject({ action: 'invite-link', actor: { email: 'owner@acme.example' } });
    expect(JSON.stringify(change)).not.toContain(second.invite);

    await createIdentity({ uid: `renew-${kind}`, email: first.email, emailVerified: false });
    expect((await accept(`renew-${kind}`, first.invite)).json()).toEqual(REFUSED);
    expect((await accept(`renew-${kind}`, second.invite)).statusCode).toBe(204);

    const signedUp = await app.inject({ method: 'POST', url: PATHS.inviteLink(acme, first.userId), headers: owner });
    expect(signedUp.statusCode).toBe(409);
    expect(signedUp.json().error.message).toBe(ORG_MANAGEMENT_MESSAGES.alreadySignedUp);
  });

  it('is for the identity itself: support staff cannot accept as another user', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const link = await invite(`acting.${kind}@acme.example`);
    const response = await accept('seed-support-lead', link.invite, { 'Impersonate-User': link.email });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('api/impersonation-forbidden');
    expect((await rowOf(link.userId)).firebase_uid).toBeNull();
  });
});
