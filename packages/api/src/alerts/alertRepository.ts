// Alerts, their firings and the evaluation job of each organisation (migration 150). Every read and
// write names the caller's organisation: another organisation's alert is not found.
import {
  alertFiringSchema,
  alertRuleSchema,
  alertSchema,
  type Alert,
  type AlertBody,
  type AlertFiring,
  type AlertFiringItem,
  type AlertRule,
  type MailSkip,
} from '@payportal/shared/alerts';
import type { QueryDescription } from '@payportal/shared/analytics';
import type { Queryable } from '../db/database.ts';
import { canEditOwned, createdFields } from '../db/ownedRecord.ts';
import { lastMailFailures } from '../mail/mailRepository.ts';
import { recentSkips } from './mailSkipRepository.ts';

export interface AlertActor {
  orgId: number;
  userId: number;
  isOrgOwner: boolean;
}

export interface AlertRow {
  id: number;
  org_id: number;
  created_by: number;
  name: string;
  rule: AlertRule;
  recipients: number[];
  enabled: boolean;
  open_firing_id: number | null;
  last_evaluated_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS =
  'id, org_id, created_by, name, rule, recipients, enabled, open_firing_id, last_evaluated_at, created_at';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface AlertNotes {
  failures: Map<number, string>;
  skips: Map<number, MailSkip[]>;
}

async function notesOf(db: Queryable, ids: readonly number[]): Promise<AlertNotes> {
  return { failures: await lastMailFailures(db, 'alert_id', ids), skips: await recentSkips(db, 'alert_id', ids) };
}

function toAlert(row: AlertRow, actor: AlertActor | null, notes: AlertNotes): Alert {
  const fields = createdFields(row, actor);
  return alertSchema.parse({
    id: row.id,
    name: row.name,
    rule: alertRuleSchema.parse(row.rule),
    recipients: row.recipients,
    enabled: row.enabled,
    state: row.open_firing_id === null ? 'ok' : 'firing',
    last_evaluated_at: iso(row.last_evaluated_at),
    mail_failure: notes.failures.get(row.id) ?? null,
    // Who was left out is the creator's and the owners' to know (the same who may change it).
    skips: fields.can_edit ? (notes.skips.get(row.id) ?? []) : [],
    ...fields,
  });
}

export async function listAlerts(db: Queryable, actor: AlertActor): Promise<Alert[]> {
  const rows = await db.query<AlertRow>(`select ${COLUMNS} from alerts where org_id = $1 order by id`, [actor.orgId]);
  const notes = await notesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAlert(row, actor, notes));
}

export async function findAlertRow(db: Queryable, orgId: number, id: number): Promise<AlertRow | null> {
  const [row] = await db.query<AlertRow>(`select ${COLUMNS} from alerts where id = $1 and org_id = $2`, [id, orgId]);
  return row ?? null;
}

export async function answerAlert(db: Queryable, actor: AlertActor, id: number): Promise<Alert | null> {
  const row = await findAlertRow(db, actor.orgId, id);
  return row && toAlert(row, actor, await notesOf(db, [id]));
}

export async function createAlert(db: Queryable, actor: AlertActor, body: AlertBody): Promise<Alert> {
  const [row] = await db.query<AlertRow>(
    `insert into alerts (org_id, created_by, name, rule, recipients, enabled) values ($1, $2, $3, $4, $5::int[], $6) returning ${COLUMNS}`,
    [actor.orgId, actor.userId, body.name, JSON.stringify(body.rule), body.recipients, body.enabled],
  );
  return toAlert(row!, actor, { failures: new Map(), skips: new Map() });
}

/** null: not the organisation's; 'forbidden': not the caller's to change. A changed rule starts clear. */
export async function updateAlert(
  db: Queryable,
  actor: AlertActor,
  id: number,
  body: AlertBody,
): Promise<Alert | null | 'forbidden'> {
  const existing = await findAlertRow(db, actor.orgId, id);
  if (!existing) return null;
  if (!canEditOwned(actor, existing.created_by)) return 'forbidden';
  const ruleChanged = JSON.stringify(alertRuleSchema.parse(existing.rule)) !== JSON.stringify(body.rule);
  if (ruleChanged)
    await db.query('update alert_firings set cleared_at = now() where alert_id = $1 and cleared_at is null', [id]);
  await db.query(
    `update alerts set name = $3, rule = $4, recipients = $5::int[], enabled = $6, updated_at = now(), open_firing_id = case when $7 then null else open_firing_id end where id = $1 and org_id = $2`,
    [id, actor.orgId, body.name, JSON.stringify(body.rule), body.recipients, body.enabled, ruleChanged],
  );
  return answerAlert(db, actor, id);
}

export async function deleteAlert(db: Queryable, actor: AlertActor, id: number): Promise<true | null | 'forbidden'> {
  const existing = await findAlertRow(db, actor.orgId, id);
  if (!existing) return null;
  if (!canEditOwned(actor, existing.created_by)) return 'forbidden';
  await db.query('delete from alerts where id = $1 and org_id = $2', [id, actor.orgId]);
  return true;
}

interface FiringRow {
  id: number;
  fired_at: Date | string;
  cleared_at: Date | string | null;
  query: QueryDescription;
  items: AlertFiringItem[];
}

/**
 * The firings `readerBook` may see (README "Scoped books"): a scoped reader those of their own book (their
 * own mails'), the whole organisation those of the creator's book (the alert's own).
 */
export async function listFirings(
  db: Queryable,
  orgId: number,
  alertId: number,
  readerBook: string | null,
  limit = 50,
): Promise<AlertFiring[]> {
  const rows = await db.query<FiringRow>(
    `select f.id, f.fired_at, f.cleared_at, f.query, f.items from alert_firings f
     join alerts a on a.id = f.alert_id join users creator on creator.id = a.created_by
     where f.alert_id = $1 and f.org_id = $2 and f.book is not distinct from coalesce($3::text, creator.scope_node)
     order by f.fired_at desc, f.id desc limit $4`,
    [alertId, orgId, readerBook, limit],
  );
  return rows.map((row) =>
    alertFiringSchema.parse({ ...row, fired_at: iso(row.fired_at), cleared_at: iso(row.cleared_at) }),
  );
}

export async function enabledAlertsOf(db: Queryable, orgId: number): Promise<AlertRow[]> {
  return db.query<AlertRow>(`select ${COLUMNS} from alerts where org_id = $1 and enabled order by id`, [orgId]);
}

/** The alert's open firing in each book (null: the whole organisation). */
export async function openFiringsOf(db: Queryable, alertId: number): Promise<Map<string | null, number>> {
  const rows = await db.query<{ id: number; book: string | null }>(
    'select id, book from alert_firings where alert_id = $1 and cleared_at is null',
    [alertId],
  );
  return new Map(rows.map((row) => [row.book, row.id]));
}

/**
 * Opens a firing in `book` (the condition newly holds there); answers its id. The creator's book's
 * (`own`) is the alert's state.
 */
export async function openFiring(
  db: Queryable,
  alert: AlertRow,
  firing: { at: Date; query: QueryDescription; items: AlertFiringItem[]; book: string | null; own: boolean },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into alert_firings (alert_id, org_id, fired_at, query, items, book) values ($1, $2, $3, $4, $5, $6) returning id',
    [
      alert.id,
      alert.org_id,
      firing.at.toISOString(),
      JSON.stringify(firing.query),
      JSON.stringify(firing.items),
      firing.book,
    ],
  );
  if (firing.own) await db.query('update alerts set open_firing_id = $2 where id = $1', [alert.id, row!.id]);
  return row!.id;
}

/**
 * The condition no longer holds in the books of `firingIds` (or they are no book a recipient's mail is made
 * in now): those firings are cleared, and the next one there mails again.
 */
export async function clearFirings(
  db: Queryable,
  alert: AlertRow,
  firingIds: readonly number[],
  at: Date,
): Promise<void> {
  if (!firingIds.length) return;
  await db.query('update alert_firings set cleared_at = $2 where id = any($1::int[]) and cleared_at is null', [
    firingIds,
    at.toISOString(),
  ]);
  await db.query('update alerts set open_firing_id = null where id = $1 and open_firing_id = any($2::int[])', [
    alert.id,
    firingIds,
  ]);
}

export async function markEvaluated(db: Queryable, alertId: number, at: Date): Promise<void> {
  await db.query('update alerts set last_evaluated_at = $2 where id = $1', [alertId, at.toISOString()]);
}

// The evaluation job: one row per organisation, claimed with FOR UPDATE SKIP LOCKED.

/** Evaluate the organisation's alerts at once (a data change, a new alert, "evaluate now"). */
export async function queueEvaluation(db: Queryable, orgId: number, at: Date): Promise<void> {
  await db.query(
    'insert into alert_evaluations (org_id, due_at) values ($1, $2) on conflict (org_id) do update set due_at = excluded.due_at',
    [orgId, at.toISOString()],
  );
}

export interface EvaluationClaim {
  orgId: number;
  dueAt: string;
}

/** The organisation whose evaluation is due longest, now `instance`'s; a claim older than `staleSeconds` was a dead process's. */
export async function claimEvaluation(
  db: Queryable,
  instance: string,
  now: Date,
  staleSeconds: number,
): Promise<EvaluationClaim | null> {
  const stale = new Date(now.getTime() - staleSeconds * 1000).toISOString();
  const [row] = await db.query<{ org_id: number; due_at: Date | string }>(
    `update alert_evaluations set claimed_by = $1, claimed_at = $2
     where org_id = (select org_id from alert_evaluations where due_at <= $2 and (claimed_at is null or claimed_at < $3) order by due_at for update skip locked limit 1)
     returning org_id, due_at`,
    [instance, now.toISOString(), stale],
  );
  return row ? { orgId: row.org_id, dueAt: new Date(row.due_at).toISOString() } : null;
}

/** Done: due again after the interval, unless a change asked for it again meanwhile (its due_at moved). */
export async function finishEvaluation(db: Queryable, claim: EvaluationClaim, now: Date, nextAt: Date): Promise<void> {
  await db.query(
    `update alert_evaluations set claimed_by = null, claimed_at = null, last_run_at = $2, due_at = case when due_at = $3 then $4 else due_at end where org_id = $1`,
    [claim.orgId, now.toISOString(), claim.dueAt, nextAt.toISOString()],
  );
}
