import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPgliteDatabase } from '../db/pgliteDatabase.ts';
import { DEMO_ACCOUNTS } from './demoAccounts.ts';
import { seedDemoData } from './seedDatabase.ts';

let db: Database;
beforeAll(async () => {
  db = await openPgliteDatabase();
  await migrate(db);
});
afterAll(() => db.close());

describe('demo seed', () => {
  it('is idempotent: a second run leaves the same users and roles', async () => {
    await seedDemoData(db);
    const count = async () =>
      (
        await db.query<{ users: number; links: number }>(
          'select (select count(*)::int from users) as users, (select count(*)::int from user_roles) as links',
        )
      )[0];
    const first = await count();
    await seedDemoData(db);
    expect(await count()).toEqual(first);
    expect(first?.users).toBe(DEMO_ACCOUNTS.length);
  });

  it('gives the stale user a last sign-in 90 days ago and keeps support permissions out of org roles', async () => {
    const now = new Date('2026-11-22T00:00:00Z');
    await seedDemoData(db, now);
    const [stale] = await db.query<{ config: { last_logged_in: string } }>(
      "select config from users where email = 'stale@acme.example'",
    );
    expect(stale?.config.last_logged_in).toBe('2026-08-24T00:00:00.000Z');
    const support = await db.query<{ permission: string }>(
      "select permission from platform_permissions p join users u on u.id = p.user_id where u.email = 'support@payportal.example'",
    );
    expect(support.map((row) => row.permission)).toEqual(['support']);
    const roles = await db.query<{ name: string }>('select name from roles order by id');
    expect(roles.map((row) => row.name)).not.toContain('support');
  });

  it('applies migrations once', async () => {
    expect(await migrate(db)).toEqual([]);
  });
});
