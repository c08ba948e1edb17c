// The outbox (migration 150): every mail the portal sends is a row first, claimed by one sender with
// FOR UPDATE SKIP LOCKED (the export jobs' pattern), retried with a growing wait, failed with its reason.
import type { Queryable } from '../db/database.ts';

export interface MailAttachment {
  filename: string;
  content_type: string;
  /** The file in the file store. */
  key: string;
}

export interface NewMail {
  orgId: number;
  alertId?: number;
  subscriptionId?: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailRow {
  id: number;
  org_id: number;
  alert_id: number | null;
  subscription_id: number | null;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string;
  attachments: MailAttachment[];
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

/** A mail's sends before it is failed for good. */
export const MAIL_MAX_ATTEMPTS = 4;
/** A mail 'sending' this long belongs to a process that died: it is queued again. */
export const MAIL_STALE_SECONDS = 120;

const COLUMNS =
  'id, org_id, alert_id, subscription_id, to_email, subject, body_text, body_html, attachments, status, attempts, last_error, created_at, sent_at';

export async function enqueueMail(db: Queryable, mail: NewMail): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into mail_outbox (org_id, alert_id, subscription_id, to_email, subject, body_text, body_html, attachments) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      mail.orgId,
      mail.alertId ?? null,
      mail.subscriptionId ?? null,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(mail.attachments ?? []),
    ],
  );
  return row!.id;
}

/** The oldest mail due, now 'sending' and `instance`'s; null when none is due. */
export async function claimNextMail(db: Queryable, instance: string, now: Date): Promise<MailRow | null> {
  const [row] = await db.query<MailRow>(
    `update mail_outbox set status = 'sending', attempts = attempts + 1, claimed_by = $1, claimed_at = $2
     where id = (select id from mail_outbox where status = 'queued' and (attempts = 0 or next_attempt_at <= $2) order by next_attempt_at, id for update skip locked limit 1)
     returning ${COLUMNS}`,
    [instance, now.toISOString()],
  );
  return row ?? null;
}

export async function markSent(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query("update mail_outbox set status = 'sent', sent_at = $2, last_error = null where id = $1", [
    id,
    now.toISOString(),
  ]);
}

/** A failed send: queued again after 30 s, 2 min, 8 min…, or failed once its attempts are spent. */
export async function markAttemptFailed(
  db: Queryable,
  mail: Pick<MailRow, 'id' | 'attempts'>,
  error: string,
  now: Date,
): Promise<void> {
  const final = mail.attempts >= MAIL_MAX_ATTEMPTS;
  const retryAt = new Date(now.getTime() + 30_000 * 4 ** (mail.attempts - 1));
  await db.query('update mail_outbox set status = $2, last_error = $3, next_attempt_at = $4 where id = $1', [
    mail.id,
    final ? 'failed' : 'queued',
    error.slice(0, 500),
    retryAt.toISOString(),
  ]);
}

/** Mails left 'sending' by a process that stopped go back to the queue. */
export async function requeueStaleMails(db: Queryable, now: Date): Promise<void> {
  await db.query("update mail_outbox set status = 'queued' where status = 'sending' and claimed_at < $1", [
    new Date(now.getTime() - MAIL_STALE_SECONDS * 1000).toISOString(),
  ]);
}

/** The latest failure of an alert's or subscription's mails, if its last mail did not go. */
export async function lastMailFailures(
  db: Queryable,
  column: 'alert_id' | 'subscription_id',
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ ref: number; status: string; last_error: string | null }>(
    `select distinct on (${column}) ${column} as ref, status, last_error from mail_outbox where ${column} = any($1::int[]) order by ${column}, id desc`,
    [ids],
  );
  return new Map(
    rows.filter((row) => row.last_error && row.status !== 'sent').map((row) => [row.ref, row.last_error!]),
  );
}
