// A hierarchy upload (issue #45) may not take away a node active users are scoped to: their book would
// vanish under them. The engine refuses such a change (ScopedNodeError, with the codes) in the load's own
// transaction; this names the users for the uploader (a failed upload) or the caller (409 on a roll back
// or a delete). Owners move a user's scope on the organisation screen first.
import { ScopedNodeError } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors/apiError.ts';

export interface ScopedUser {
  email: string;
  scope_node: string;
}

/** The organisation's active users scoped to a node, by code. */
export function scopedUsersOf(db: Database, orgId: number): Promise<ScopedUser[]> {
  return db.query<ScopedUser>(
    'select email, scope_node from users where org_id = $1 and is_active and scope_node is not null order by scope_node, lower(email)',
    [orgId],
  );
}

/** The codes users are scoped to, for the engine. */
export const scopedCodes = (users: readonly ScopedUser[]) => [...new Set(users.map((user) => user.scope_node))];

/** What the refusal says: each node that would go, with the users scoped to it. */
export function scopedNodeMessage(users: readonly ScopedUser[], codes: readonly string[]): string {
  const named = codes.map((code) => {
    const emails = users.filter((user) => user.scope_node === code).map((user) => user.email);
    return `${code} (${emails.join(', ')})`;
  });
  return `This change would remove nodes that users are scoped to: ${named.join('; ')}. Scope those users to another node on the organisation screen first: nothing was changed.`;
}

/** Runs a roll back or delete; a ScopedNodeError from the engine becomes a 409 naming the users. */
export async function refusingScopedNodes<T>(db: Database, orgId: number, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ScopedNodeError)) throw error;
    throw new ApiError(
      409,
      API_ERROR_CODES.uploadsScopedNodeInUse,
      scopedNodeMessage(await scopedUsersOf(db, orgId), error.codes),
    );
  }
}
