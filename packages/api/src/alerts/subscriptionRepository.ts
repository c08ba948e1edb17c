// Subscriptions (migration 150): a dashboard or a saved export mailed on a schedule. The row is its
// own job: next_run_at says when, and a process claims a due row with FOR UPDATE SKIP LOCKED. Every
// read and write names the caller's organisation.
import {
  subscriptionSchema,
  subscriptionScheduleSchema,
  subscriptionSourceSchema,
  type Subscription,
  type SubscriptionBody,
  type SubscriptionSchedule,
  type SubscriptionSource,
  type MailSkip,
} from '@payportal/shared/alerts';
import type { Queryable } from '../db/database.ts';
import { lastMailFailures } from '../mail/mailRepository.ts';
import { recentSkips } from './mailSkipRepository.ts';
import { canEditOwned, createdFields } from '../db/ownedRecord.ts';
import type { AlertActor } from './alertRepository.ts';
import { nextRunAfter } from './nextRun.ts';

export interface SubscriptionRow {
  id: number;
  org_id: number;
  created_by: number;
  name: string;
  source: SubscriptionSource;
  schedule: SubscriptionSchedule;
  recipients: number[];
  enabled: boolean;
  next_run_at: Date | string;
  last_run_at: Date | string | null;
  created_at: Date | string;
  time_zone: string;
}

const SELECT = `select s.id, s.org_id, s.created_by, s.name, s.source, s.schedule, s.recipients, s.enabled, s.next_run_at, s.last_run_at, s.created_at, o.time_zone
  from subscriptions s join organizations o on o.id = s.org_id`;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface SubscriptionNotes {
  failures: Map<number, string>;
  skips: Map<number, MailSkip[]>;
}

async function notesOf(db: Queryable, ids: readonly number[]): Promise<SubscriptionNotes> {
  return {
    failures: await lastMailFailures(db, 'subscription_id', ids),
    skips: await recentSkips(db, 'subscription_id', ids),
  };
}

function toSubscription(row: SubscriptionRow, actor: AlertActor, notes: SubscriptionNotes): Subscription {
  const fields = createdFields(row, actor);
  return subscriptionSchema.parse({
    id: row.id,
    name: row.name,
    source: subscriptionSourceSchema.parse(row.source),
    schedule: subscriptionScheduleSchema.parse(row.schedule),
    recipients: row.recipients,
    enabled: row.enabled,
    time_zone: row.time_zone,
    next_run_at: iso(row.next_run_at),
    last_run_at: iso(row.last_run_at),
    mail_failure: notes.failures.get(row.id) ?? null,
    // Who was left out is the creator's and the owners' to know (the same who may change it).
    skips: fields.can_edit ? (notes.skips.get(row.id) ?? []) : [],
    ...fields,
  });
}

export async function listSubscriptions(db: Queryable, actor: AlertActor): Promise<Subscription[]> {
  const rows = await db.query<SubscriptionRow>(`${SELECT} where s.org_id = $1 order by s.id`, [actor.orgId]);
  const notes = await notesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSubscription(row, actor, notes));
}

export async function findSubscriptionRow(db: Queryable, orgId: number, id: number): Promise<SubscriptionRow | null> {
  const [row] = await db.query<SubscriptionRow>(`${SELECT} where s.id = $1 and s.org_id = $2`, [id, orgId]);
  return row ?? null;
}

export async function answerSubscription(db: Queryable, actor: AlertActor, id: number): Promise<Subscription | null> {
  const row = await findSubscriptionRow(db, actor.orgId, id);
  return row && toSubscription(row, actor, await notesOf(db, [id]));
}

async function timeZoneOf(db: Queryable, orgId: number): Promise<string> {
  const [row] = await db.query<{ time_zone: string }>('select time_zone from organizations where id = $1', [orgId]);
  return row?.time_zone ?? 'UTC';
}

export async function createSubscription(
  db: Queryable,
  actor: AlertActor,
  body: SubscriptionBody,
  now: Date,
): Promise<Subscription> {
  const next = nextRunAfter(body.schedule, now, await timeZoneOf(db, actor.orgId));
  const [row] = await db.query<{ id: number }>(
    'insert into subscriptions (org_id, created_by, name, source, schedule, recipients, enabled, next_run_at) values ($1, $2, $3, $4, $5, $6::int[], $7, $8) returning id',
    [
      actor.orgId,
      actor.userId,
      body.name,
      JSON.stringify(body.source),
      JSON.stringify(body.schedule),
      body.recipients,
      body.enabled,
      next.toISOString(),
    ],
  );
  return (await answerSubscription(db, actor, row!.id))!;
}

export async function updateSubscription(
  db: Queryable,
  actor: AlertActor,
  id: number,
  body: SubscriptionBody,
  now: Date,
): Promise<Subscription | null | 'forbidden'> {
  const existing = await findSubscriptionRow(db, actor.orgId, id);
  if (!existing) return null;
  if (!canEditOwned(actor, existing.created_by)) return 'forbidden';
  const next = nextRunAfter(body.schedule, now, existing.time_zone);
  await db.query(
    'update subscriptions set name = $3, source = $4, schedule = $5, recipients = $6::int[], enabled = $7, next_run_at = $8, updated_at = now() where id = $1 and org_id = $2',
    [
      id,
      actor.orgId,
      body.name,
      JSON.stringify(body.source),
      JSON.stringify(body.schedule),
      body.recipients,
      body.enabled,
      next.toISOString(),
    ],
  );
  return answerSubscription(db, actor, id);
}

export async function deleteSubscription(
  db: Queryable,
  actor: AlertActor,
  id: number,
): Promise<true | null | 'forbidden'> {
  const existing = await findSubscriptionRow(db, actor.orgId, id);
  if (!existing) return null;
  if (!canEditOwned(actor, existing.created_by)) return 'forbidden';
  await db.query('delete from subscriptions where id = $1 and org_id = $2', [id, actor.orgId]);
  return true;
}

/** The subscription due longest, now `instance`'s; a claim older than `staleSeconds` was a dead process's. */
export async function claimDueSubscription(
  db: Queryable,
  instance: string,
  now: Date,
  staleSeconds: number,
): Promise<SubscriptionRow | null> {
  const stale = new Date(now.getTime() - staleSeconds * 1000).toISOString();
  const [claimed] = await db.query<{ id: number; org_id: number }>(
    `update subscriptions set claimed_by = $1, claimed_at = $2
     where id = (select id from subscriptions where enabled and next_run_at <= $2 and (claimed_at is null or claimed_at < $3) order by next_run_at, id for update skip locked limit 1)
     returning id, org_id`,
    [instance, now.toISOString(), stale],
  );
  return claimed ? findSubscriptionRow(db, claimed.org_id, claimed.id) : null;
}

/** Run: the next time is the first one after now, so runs missed while nothing ran are made once. */
export async function finishSubscriptionRun(db: Queryable, row: SubscriptionRow, now: Date): Promise<void> {
  const next = nextRunAfter(subscriptionScheduleSchema.parse(row.schedule), now, row.time_zone);
  await db.query(
    'update subscriptions set claimed_by = null, claimed_at = null, last_run_at = $2, next_run_at = $3 where id = $1',
    [row.id, now.toISOString(), next.toISOString()],
  );
}
