// Impersonation tokens by their SHA-256 (the token itself is never stored). Times are
// the API's clock, passed in, so issuing and checking use the same one.
import type { Queryable } from '../db/database.ts';

export interface StoredImpersonationToken {
  supportUserId: number;
  targetUserId: number;
  /** support_write as held when the token was issued. */
  canWrite: boolean;
  /** When it was issued (ms since the epoch): sessions revoked after this end it. */
  createdAtMs: number;
}

/** Stores a new token; expired ones go at the same time, so the table holds live tokens only. */
export async function saveImpersonationToken(
  db: Queryable,
  token: StoredImpersonationToken & { hash: string; expiresAtMs: number },
): Promise<void> {
  const now = new Date(token.createdAtMs).toISOString();
  await db.query('delete from impersonation_tokens where expires_at <= $1', [now]);
  await db.query(
    'insert into impersonation_tokens (token_hash, support_user_id, target_user_id, can_write, expires_at, created_at) values ($1, $2, $3, $4, $5, $6)',
    [
      token.hash,
      token.supportUserId,
      token.targetUserId,
      token.canWrite,
      new Date(token.expiresAtMs).toISOString(),
      now,
    ],
  );
}

/** The token with this hash, unless it has expired by `nowMs`. */
export async function findLiveImpersonationToken(
  db: Queryable,
  hash: string,
  nowMs: number,
): Promise<StoredImpersonationToken | null> {
  const [row] = await db.query<{
    support_user_id: number;
    target_user_id: number;
    can_write: boolean;
    created_at_ms: number;
  }>(
    `select support_user_id, target_user_id, can_write, (extract(epoch from created_at) * 1000)::float8 as created_at_ms
       from impersonation_tokens where token_hash = $1 and expires_at > $2`,
    [hash, new Date(nowMs).toISOString()],
  );
  return row
    ? {
        supportUserId: row.support_user_id,
        targetUserId: row.target_user_id,
        canWrite: row.can_write,
        createdAtMs: row.created_at_ms,
      }
    : null;
}
