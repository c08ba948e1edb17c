// Idempotent: running it again leaves the same rows (upserts keyed on names, and on organisation and
// e-mail for users: addresses are unique per organisation). Demo users are linked to their stable
// identity uids directly; they have no invitation to accept.
import { EMBEDDED_TERMS_PRODUCT_ID } from '@payportal/shared/constants';
import { normalizeEmail, ROLE_NAMES, type RoleName } from '@payportal/shared/identity';
import { DEVELOPMENT_PARTNER_ORIGIN } from '../config.ts';
import { seedDemoPartner } from './demoPartner.ts';
import { seedDashboards } from '../dashboards/index.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS } from './demoAccounts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** what each role may assign. Owners assign every role; upload admins assign upload. */
export const ROLE_GRANTS: Record<RoleName, RoleName[]> = {
  org_owner: [...ROLE_NAMES],
  query: [],
  upload: [],
  upload_admin: ['upload'],
  revenue_optimizer: [],
  disputes: [],
  residuals_admin: [],
};

export async function seedRoles(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, name] of ROLE_NAMES.entries()) {
      await tx.query(
        'insert into roles (id, name, grants) values ($1, $2, $3) on conflict (id) do update set name = excluded.name, grants = excluded.grants',
        [index + 1, name, ROLE_GRANTS[name]],
      );
    }
  });
}

/** `partnerOrigins`: the pages the demo partner may open sessions for (the API's PARTNER_ORIGINS). */
export async function seedDemoData(
  db: Database,
  now = new Date(),
  partnerOrigins: readonly string[] = [DEVELOPMENT_PARTNER_ORIGIN],
): Promise<void> {
  await seedRoles(db);
  await db.transaction(async (tx) => {
    const orgIds = new Map<string, number>();
    for (const [key, org] of Object.entries(DEMO_ORGANIZATIONS)) {
      const [row] = await tx.query<{ id: number }>(
        'insert into organizations (name, is_demo) values ($1, $2) on conflict (name) do update set is_demo = excluded.is_demo returning id',
        [org.name, org.isDemo],
      );
      orgIds.set(key, row!.id);
    }
    // The partner demo's users are its own (SECURITY.md #14): the partner first, then the users bound to it.
    const demoPartnerId = await seedDemoPartner(tx, orgIds.get('acme')!, partnerOrigins);
    for (const account of DEMO_ACCOUNTS) {
      const lastLoggedIn = account.lastLoggedInDaysAgo
        ? new Date(now.getTime() - account.lastLoggedInDaysAgo * DAY_MS).toISOString()
        : null;
      const config = { last_logged_in: lastLoggedIn, email_verified: account.emailVerified ?? true };
      const [user] = await tx.query<{ id: number }>(
        `insert into users (email, firebase_uid, name, org_id, is_active, config, sign_in_method, partner_id, scope_node)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (org_id, email) do update set firebase_uid = excluded.firebase_uid, name = excluded.name,
           is_active = excluded.is_active, config = excluded.config, sign_in_method = excluded.sign_in_method,
           partner_id = excluded.partner_id, scope_node = excluded.scope_node,
           invite_token_hash = null, invite_expires_at = null
         returning id`,
        [
          normalizeEmail(account.email),
          account.uid,
          account.name,
          orgIds.get(account.org),
          account.active ?? true,
          JSON.stringify(config),
          account.signInMethod ?? 'standalone',
          account.signInMethod === 'partner' ? demoPartnerId : null,
          account.scopeNode ?? null,
        ],
      );
      const userId = user!.id;
      await tx.query('delete from user_roles where user_id = $1', [userId]);
      for (const role of account.roles) {
        await tx.query('insert into user_roles (user_id, role_id) select $1, id from roles where name = $2', [
          userId,
          role,
        ]);
      }
      await tx.query('delete from platform_permissions where user_id = $1', [userId]);
      for (const permission of account.platform ?? []) {
        await tx.query('insert into platform_permissions (user_id, permission) values ($1, $2)', [userId, permission]);
      }
      await tx.query('delete from terms_acceptances where user_id = $1', [userId]);
      if (account.termsAccepted !== false && account.roles.includes('revenue_optimizer')) {
        await tx.query('insert into terms_acceptances (user_id, product_id, acceptance_status) values ($1, $2, true)', [
          userId,
          EMBEDDED_TERMS_PRODUCT_ID,
        ]);
      }
    }
  });
  // each demo organisation with an owner starts with the seeded dashboards.
  const owners = await db.query<{ org_id: number; id: number }>(
    `select distinct on (u.org_id) u.org_id, u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      where r.name = 'org_owner' and u.firebase_uid = any($1::text[]) order by u.org_id, u.id`,
    [DEMO_ACCOUNTS.filter((account) => account.org !== 'platform').map((account) => account.uid)],
  );
  for (const owner of owners) await seedDashboards(db, owner.org_id, owner.id);
}
