// The outbox (migration 160, 175): every mail the portal sends is a row first, claimed by one sender with
// FOR UPDATE SKIP LOCKED (the export jobs' pattern), retried with a growing wait, failed with its reason.
// Claims take turns between organisations (mail_turns), as admission does, so one organisation's
// thousands of mails do not hold back another's alert. A claim is a lease in the database's own clock,
// renewed while the send runs: only a mail whose sender stopped goes back to the queue, never a slow one.
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
/** A claim's lease: renewed every quarter of it while the send runs; past it, the sender stopped. */
export const MAIL_LEASE_SECONDS = 120;

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

const DUE = "status = 'queued' and (attempts = 0 or next_attempt_at <= $2)";

/**
 * The next mail due, now 'sending' under `instance`'s lease: the oldest of the organisation whose turn it
 * is (served longest ago, or never), else the oldest of any (that organisation's were all being claimed).
 */
export async function claimNextMail(db: Queryable, instance: string, now: Date): Promise<MailRow | null> {
  const claim = (pick: string) =>
    db.query<MailRow>(
      `update mail_outbox set status = 'sending', attempts = attempts + 1, claimed_by = $1, claimed_at = $2,
         lease_until = clock_timestamp() + make_interval(secs => $3)
       where id = (${pick} order by next_attempt_at, id for update skip locked limit 1)
       returning ${COLUMNS}`,
      [instance, now.toISOString(), MAIL_LEASE_SECONDS],
    );
  const turnOrg = `select due.org_id from (select distinct org_id from mail_outbox where ${DUE}) due
    left join mail_turns turns on turns.org_id = due.org_id order by turns.turn nulls first, due.org_id limit 1`;
  const [fair] = await claim(`select id from mail_outbox where ${DUE} and org_id = (${turnOrg})`);
  const row = fair ?? (await claim(`select id from mail_outbox where ${DUE}`))[0];
  if (!row) return null;
  await db.query(
    `insert into mail_turns (org_id, turn) values ($1, (select coalesce(max(turn), 0) + 1 from mail_turns))
     on conflict (org_id) do update set turn = excluded.turn`,
    [row.org_id],
  );
  return row;
}

/** The send still runs: its lease goes on (false: the lease was lost, the mail is no longer this sender's). */
export async function renewLease(db: Queryable, id: number, instance: string): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `update mail_outbox set lease_until = clock_timestamp() + make_interval(secs => $3)
     where id = $1 and claimed_by = $2 and status = 'sending' returning id`,
    [id, instance, MAIL_LEASE_SECONDS],
  );
  return rows.length > 0;
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

/**
 * Mails whose lease ran out (their sender stopped) go back to the queue, or fail once their attempts are
 * spent: a claim counts as an attempt, so a mail that stops its sender every time is not tried forever.
 */
export async function requeueStaleMails(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `update mail_outbox set status = case when attempts >= $2 then 'failed' else 'queued' end,
       last_error = 'The send did not finish (its process stopped).', next_attempt_at = $1, claimed_by = null
     where status = 'sending' and coalesce(lease_until, claimed_at + make_interval(secs => $3)) < clock_timestamp()`,
    [now.toISOString(), MAIL_MAX_ATTEMPTS, MAIL_LEASE_SECONDS],
  );
}

/** The attachment files of `mail` no other mail still waiting or sending needs (they are deleted). */
export async function attachmentsDone(db: Queryable, mail: Pick<MailRow, 'id' | 'attachments'>): Promise<string[]> {
  const done: string[] = [];
  for (const file of mail.attachments) {
    const [other] = await db.query(
      `select 1 from mail_outbox where id <> $1 and status in ('queued', 'sending') and attachments @> $2::jsonb limit 1`,
      [mail.id, JSON.stringify([{ key: file.key }])],
    );
    if (!other) done.push(file.key);
  }
  return done;
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
