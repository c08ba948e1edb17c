// Download tickets (issue #13 item 4, SECURITY.md): the browser downloads with a plain GET, so the
// file streams to disk, and no session token ever goes into a URL. An authenticated POST mints a
// ticket for one ready job of the caller: 32 random bytes, valid for a minute, good for one GET. Only
// its SHA-256 is stored, and it is redeemed in one statement, so two GETs racing get one file.
import { newSecret, sha256 } from '../auth/secrets.ts';
import type { Queryable } from '../db/database.ts';

export const DOWNLOAD_TICKET_TTL_SECONDS = 60;

export async function mintDownloadTicket(db: Queryable, grant: { jobId: number; userId: number; signedInUserId: number }): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = newSecret();
  const [row] = await db.query<{ expires_at: Date | string }>(
    `insert into export_download_tickets (ticket_hash, job_id, user_id, signed_in_user_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5)) returning expires_at`,
    [sha256(ticket), grant.jobId, grant.userId, grant.signedInUserId, DOWNLOAD_TICKET_TTL_SECONDS],
  );
  return { ticket, expiresAt: new Date(row!.expires_at) };
}

/**
 * Uses the ticket up: answers its job and users when it was unused, unexpired and its job is still the
 * same user's and ready; null otherwise, for every reason alike.
 */
export async function redeemDownloadTicket(db: Queryable, ticket: string): Promise<{ jobId: number; userId: number; signedInUserId: number } | null> {
  const [row] = await db.query<{ job_id: number; user_id: number; signed_in_user_id: number }>(
    `update export_download_tickets t set used_at = now()
     from export_jobs j
     where t.ticket_hash = $1 and t.used_at is null and t.expires_at > now()
       and j.id = t.job_id and j.user_id = t.user_id and j.status = 'ready' and j.expires_at > now()
     returning t.job_id, t.user_id, t.signed_in_user_id`,
    [sha256(ticket)],
  );
  return row ? { jobId: row.job_id, userId: row.user_id, signedInUserId: row.signed_in_user_id } : null;
}

/** Tickets past their expiry are worth nothing: removed with the expiry sweep. */
export async function deleteOldTickets(db: Queryable): Promise<void> {
  await db.query('delete from export_download_tickets where expires_at < now()');
}

/** A URL as the log may show it: a download ticket in it replaced (never log a credential). */
export function redactDownloadTicket(url: string): string {
  return url.replace(/(\/api\/exports\/v1\/downloads\/)[^/?#]*/, '$1[ticket]');
}
