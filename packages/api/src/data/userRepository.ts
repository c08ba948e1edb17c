// Portal users (spec §3). Every query here is by one key; who may see the row is decided by the caller.
import { normalizeEmail, type WarehouseUser } from '@payportal/shared';
import type { Queryable } from '../db/database.ts';

const USER_COLUMNS = 'id, email, firebase_uid, name, org_id, is_active, config, sign_in_method';

export async function findUserByUid(db: Queryable, uid: string): Promise<WarehouseUser | null> {
  const [user] = await db.query<WarehouseUser>(`select ${USER_COLUMNS} from users where firebase_uid = $1`, [uid]);
  return user ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<WarehouseUser | null> {
  const [user] = await db.query<WarehouseUser>(`select ${USER_COLUMNS} from users where email = $1`, [normalizeEmail(email)]);
  return user ?? null;
}

export async function findUserById(db: Queryable, id: number): Promise<WarehouseUser | null> {
  const [user] = await db.query<WarehouseUser>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return user ?? null;
}

/**
 * First sign-in (issue #3): binds the identity to the portal user that has the same verified e-mail and
 * no identity yet. Answers null when another identity took it first.
 */
export async function linkIdentity(db: Queryable, userId: number, uid: string): Promise<WarehouseUser | null> {
  const [user] = await db.query<WarehouseUser>(
    `update users set firebase_uid = $2 where id = $1 and (firebase_uid is null or firebase_uid = $2) returning ${USER_COLUMNS}`,
    [userId, uid],
  );
  return user ?? null;
}

/** Merges `changes` into the user's config (jsonb) and answers the updated user. */
export async function mergeUserConfig(db: Queryable, userId: number, changes: Record<string, unknown>): Promise<WarehouseUser> {
  const [user] = await db.query<WarehouseUser>(
    `update users set config = config || $2::jsonb where id = $1 returning ${USER_COLUMNS}`,
    [userId, JSON.stringify(changes)],
  );
  return user!;
}

export async function renameUser(db: Queryable, userId: number, name: string): Promise<WarehouseUser> {
  const [user] = await db.query<WarehouseUser>(`update users set name = $2 where id = $1 returning ${USER_COLUMNS}`, [userId, name]);
  return user!;
}
