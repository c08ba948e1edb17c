// Portal users. Every query here is by one key; who may see the row is decided by the caller.
import { normalizeEmail, type WarehouseUser } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';

const USER_COLUMNS = 'id, email, firebase_uid, name, org_id, is_active, config, sign_in_method, partner_id, scope_node';

/**
 * A portal user as the API holds it: the partner whose sessions may open them and the portfolio node
 * whose book they see (README "Scoped books") stay on the server.
 */
export type PortalUser = WarehouseUser & { partner_id: number | null; scope_node: string | null };

export async function findUserByUid(db: Queryable, uid: string): Promise<PortalUser | null> {
  const [user] = await db.query<PortalUser>(`select ${USER_COLUMNS} from users where firebase_uid = $1`, [uid]);
  return user ?? null;
}

/**
 * The user with this address, for impersonation (the exchange names an address). Addresses are
 * unique per organisation, so one address may have a row in several; at most one of
 * them is linked to an identity, and that is the person who signs in: it is preferred, then the oldest.
 */
export async function findUserByEmail(db: Queryable, email: string): Promise<PortalUser | null> {
  const [user] = await db.query<PortalUser>(
    `select ${USER_COLUMNS} from users where email = $1 order by firebase_uid is null, id limit 1`,
    [normalizeEmail(email)],
  );
  return user ?? null;
}

/** The user with this address in one organisation (addresses are unique per organisation). */
export async function findOrgUserByEmail(db: Queryable, orgId: number, email: string): Promise<PortalUser | null> {
  const [user] = await db.query<PortalUser>(`select ${USER_COLUMNS} from users where org_id = $1 and email = $2`, [
    orgId,
    normalizeEmail(email),
  ]);
  return user ?? null;
}

export async function findUserById(db: Queryable, id: number): Promise<PortalUser | null> {
  const [user] = await db.query<PortalUser>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return user ?? null;
}

/** Merges `changes` into the user's config (jsonb) and answers the updated user. */
export async function mergeUserConfig(
  db: Queryable,
  userId: number,
  changes: Record<string, unknown>,
): Promise<WarehouseUser> {
  const [user] = await db.query<PortalUser>(
    `update users set config = config || $2::jsonb where id = $1 returning ${USER_COLUMNS}`,
    [userId, JSON.stringify(changes)],
  );
  return user!;
}

export async function renameUser(db: Queryable, userId: number, name: string): Promise<WarehouseUser> {
  const [user] = await db.query<PortalUser>(`update users set name = $2 where id = $1 returning ${USER_COLUMNS}`, [
    userId,
    name,
  ]);
  return user!;
}
