// On a real PostgreSQL server (PGlite has one connection and cannot race), two owners
// who demote or deactivate each other at the same moment leave exactly one active owner, every time.
import { ORG_MANAGEMENT_MESSAGES } from '@payportal/shared/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import type { OrgIdentity } from '../src/organization/orgIdentity.ts';
import { setUserActive, setUserRoles, type OwnerContext } from '../src/organization/orgUserActions.ts';
import { openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const ROUNDS = 15;

/** These owners have no identity (firebase_uid null), so no change here calls the identity provider. */
const noIdentity = new Proxy({} as OrgIdentity, {
  get: (_target, method) => () => Promise.reject(new Error(`identity.${String(method)} is not expected in this test`)),
});

describe('the last owner, under concurrent changes on PostgreSQL', () => {
  let db: Database | null;
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
  });
  afterAll(() => db?.close());

  /** A new organisation with two active owners, and each owner's context. */
  async function twoOwners(round: number): Promise<{ orgId: number; owners: [OwnerContext, OwnerContext] }> {
    const [org] = await db!.query<{ id: number }>(
      'insert into organizations (name, is_demo) values ($1, false) returning id',
      [`Race ${round} ${Date.now()}`],
    );
    const ids: number[] = [];
    for (const who of ['a', 'b']) {
      const email = `owner-${who}-${round}-${Date.now()}@race.example`;
      const [user] = await db!.query<{ id: number }>(
        `insert into users (email, name, org_id, is_active, config) values ($1, $2, $3, true, '{}') returning id`,
        [email, `Owner ${who}`, org!.id],
      );
      await db!.query(
        "insert into user_roles (user_id, role_id) select $1, id from roles where name in ('org_owner', 'query')",
        [user!.id],
      );
      ids.push(user!.id);
    }
    const context = (ownerId: number): OwnerContext => ({
      db: db!,
      identity: noIdentity,
      orgId: org!.id,
      ownerId,
      actor: { id: ownerId, email: 'owner@race.example', name: 'Owner' },
      assignable: ['org_owner', 'query', 'upload', 'upload_admin', 'revenue_optimizer', 'disputes', 'residuals_admin'],
    });
    return { orgId: org!.id, owners: [context(ids[0]!), context(ids[1]!)] };
  }

  const activeOwners = async (orgId: number) =>
    (
      await db!.query<{ count: number }>(
        `select count(*)::int as count from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
         where u.org_id = $1 and u.is_active and r.name = 'org_owner'`,
        [orgId],
      )
    )[0]!.count;

  const races: Record<string, (a: OwnerContext, b: OwnerContext) => Promise<unknown>[]> = {
    'demote each other': (a, b) => [setUserRoles(a, b.ownerId, ['query']), setUserRoles(b, a.ownerId, ['query'])],
    'one demotes while the other deactivates': (a, b) => [
      setUserRoles(a, b.ownerId, ['query']),
      setUserActive(b, a.ownerId, false),
    ],
  };

  it.for(Object.keys(races))('keeps one active owner when two owners %s at once', async (name, context) => {
    const race = races[name]!;
    if (!db) return context.skip(POSTGRES_MISSING);
    for (let round = 0; round < ROUNDS; round++) {
      const { orgId, owners } = await twoOwners(round);
      const outcomes = await Promise.allSettled(race(...owners));
      expect(await activeOwners(orgId)).toBe(1);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 409,
        message: ORG_MANAGEMENT_MESSAGES.lastOwner,
      });
    }
  });
});
