// The audit of owners' changes to users: written in the same transaction as the change, read
// back as a short history, newest first.
import type { UserChange, UserChangeAction } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';

export interface ChangeActor {
  id: number | null;
  email: string;
  name: string;
}

export interface UserChangeRecord {
  orgId: number;
  targetUserId: number;
  actor: ChangeActor;
  action: UserChangeAction;
  before: unknown;
  after: unknown;
}

export async function recordUserChange(tx: Queryable, change: UserChangeRecord): Promise<void> {
  await tx.query(
    `insert into user_changes (org_id, target_user_id, actor_user_id, actor_email, actor_name, action, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      change.orgId,
      change.targetUserId,
      change.actor.id,
      change.actor.email,
      change.actor.name,
      change.action,
      change.before === null ? null : JSON.stringify(change.before),
      change.after === null ? null : JSON.stringify(change.after),
    ],
  );
}

interface ChangeRow {
  id: string | number;
  at: Date | string;
  action: UserChangeAction;
  actor_user_id: number | null;
  actor_email: string;
  actor_name: string;
  target_user_id: number;
  target_email: string;
  target_name: string;
  before: unknown;
  after: unknown;
}

export async function readUserChanges(
  db: Queryable,
  orgId: number,
  options: { userId?: number; limit: number },
): Promise<UserChange[]> {
  const rows = await db.query<ChangeRow>(
    `select c.id, c.at, c.action, c.actor_user_id, c.actor_email, c.actor_name, c.target_user_id,
       u.email as target_email, u.name as target_name, c.before, c.after
     from user_changes c join users u on u.id = c.target_user_id
     where c.org_id = $1 and ($2::int is null or c.target_user_id = $2)
     order by c.at desc, c.id desc limit $3`,
    [orgId, options.userId ?? null, options.limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    action: row.action,
    actor: { id: row.actor_user_id, email: row.actor_email, name: row.actor_name },
    target: { id: row.target_user_id, email: row.target_email, name: row.target_name },
    before: row.before,
    after: row.after,
  }));
}
