// Download tickets (SECURITY.md): the browser downloads with a plain
// GET, so the file streams to disk, and no session token ever goes into a URL. An authenticated POST
// mints a ticket for one thing the caller may read (an export job, a document): 32 random bytes, valid
// for a minute, good for one GET. Only its SHA-256 is stored, and it is used up in one statement, so two
// GETs racing get one file. The feature checks its subject is still there and still the user's, and
// finds its file, before the ticket is used up: a failed attempt leaves it good until it expires.
import { newSecret, sha256 } from '../auth/secrets.ts';
import type { Queryable } from '../db/database.ts';

export const DOWNLOAD_TICKET_TTL_SECONDS = 60;

/** What a ticket opens: its kind names the table its subject id belongs to. */
export type DownloadKind = 'export' | 'document';

export interface DownloadGrant {
  kind: DownloadKind;
  subjectId: number;
  /** The user the download acts as; the signed-in person differs when support staff impersonate. */
  userId: number;
  signedInUserId: number;
}

export async function mintDownloadTicket(
  db: Queryable,
  grant: DownloadGrant,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = newSecret();
  const [row] = await db.query<{ expires_at: Date | string }>(
    `insert into download_tickets (ticket_hash, kind, subject_id, user_id, signed_in_user_id, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) returning expires_at`,
    [sha256(ticket), grant.kind, grant.subjectId, grant.userId, grant.signedInUserId, DOWNLOAD_TICKET_TTL_SECONDS],
  );
  return { ticket, expiresAt: new Date(row!.expires_at) };
}

/**
 * Uses the ticket up once `open` has found what it opens: answers what `open` answered when the ticket
 * was of this kind, unused and unexpired; null otherwise, for every reason alike. `open` checks the
 * subject (a job still ready, a document not deleted) and opens its file; when it answers null (gone,
 * or on a store this process cannot reach yet) the ticket stays good for another try. Used up in one
 * statement after that, so of two GETs racing one gets the file; the loser's opened file is closed.
 */
export async function redeemDownloadTicket<T extends { stream: { destroy(): unknown } }>(
  db: Queryable,
  kind: DownloadKind,
  ticket: string,
  open: (grant: DownloadGrant) => Promise<T | null>,
): Promise<T | null> {
  const hash = sha256(ticket);
  const [row] = await db.query<{ subject_id: number; user_id: number; signed_in_user_id: number }>(
    'select subject_id, user_id, signed_in_user_id from download_tickets where ticket_hash = $1 and kind = $2 and used_at is null and expires_at > now()',
    [hash, kind],
  );
  if (!row) return null;
  const opened = await open({
    kind,
    subjectId: row.subject_id,
    userId: row.user_id,
    signedInUserId: row.signed_in_user_id,
  });
  if (!opened) return null;
  const used = await db.query(
    'update download_tickets set used_at = now() where ticket_hash = $1 and kind = $2 and used_at is null and expires_at > now() returning 1',
    [hash, kind],
  );
  if (used.length === 1) return opened;
  opened.stream.destroy();
  return null;
}

/** Tickets past their expiry are worth nothing: removed with the export expiry sweep. */
export async function deleteOldTickets(db: Queryable): Promise<void> {
  await db.query('delete from download_tickets where expires_at < now()');
}

/** A URL as the log may show it: a download ticket in it replaced (never log a credential). */
export function redactDownloadTicket(url: string): string {
  return url.replace(/(\/api\/[a-z]+\/v1\/downloads\/)[^/?#]*/, '$1[ticket]');
}
