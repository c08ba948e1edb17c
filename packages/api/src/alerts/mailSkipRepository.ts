// The history of skipped runs and recipients (mail_skips, migration 175), kept per alert or subscription.
import { mailSkipSchema, type MailSkip, type MailSkipReason } from '@payportal/shared/alerts';
import type { Queryable } from '../db/database.ts';
import { MAIL_SOURCE_ROLE } from './mailRights.ts';

export type SkipSource = { alertId: number } | { subscriptionId: number };
type SkipColumn = 'alert_id' | 'subscription_id';

const columnOf = (source: SkipSource): [SkipColumn, number] =>
  'alertId' in source ? ['alert_id', source.alertId] : ['subscription_id', source.subscriptionId];

/**
 * Records who was left out of a run. A run skipped for its creator is recorded once while nothing
 * changes (an alert is evaluated every hour: the history says it once, not 24 times a day).
 */
export async function recordSkips(
  db: Queryable,
  orgId: number,
  source: SkipSource,
  skips: readonly { userId: number; reason: MailSkipReason }[],
  at: Date,
): Promise<void> {
  const [column, id] = columnOf(source);
  for (const skip of skips) {
    const creator = skip.reason.startsWith('creator-');
    await db.query(
      `insert into mail_skips (org_id, ${column}, user_id, reason, skipped_at)
       select $1, $2, u.id, $4, $5 from (select 1) one left join users u on u.id = $3 and u.org_id = $1
       where not ($6 and coalesce((select last.reason = $4 and last.user_id is not distinct from $3 from mail_skips last where last.${column} = $2 order by last.id desc limit 1), false))`,
      [orgId, id, skip.userId, skip.reason, at.toISOString(), creator],
    );
  }
}

/** The latest `limit` skips of each of `ids`, newest first. */
export async function recentSkips(
  db: Queryable,
  column: SkipColumn,
  ids: readonly number[],
  limit = 5,
): Promise<Map<number, MailSkip[]>> {
  const found = new Map<number, MailSkip[]>();
  if (!ids.length) return found;
  const rows = await db.query<{
    ref: number;
    skipped_at: Date | string;
    reason: MailSkipReason;
    user_id: number | null;
    user_name: string | null;
  }>(
    `select ranked.ref, ranked.skipped_at, ranked.reason, ranked.user_id, u.name as user_name from (
       select s.${column} as ref, s.skipped_at, s.reason, s.user_id, s.org_id, s.id,
              row_number() over (partition by s.${column} order by s.id desc) as place
       from mail_skips s where s.${column} = any($1::int[])) ranked
     left join users u on u.id = ranked.user_id and u.org_id = ranked.org_id
     where ranked.place <= $2 order by ranked.ref, ranked.id desc`,
    [ids, limit],
  );
  for (const row of rows) {
    const skip = mailSkipSchema.parse({
      at: new Date(row.skipped_at).toISOString(),
      reason: row.reason,
      user_id: row.user_id,
      user_name: row.user_name,
      role: MAIL_SOURCE_ROLE,
    });
    found.set(row.ref, [...(found.get(row.ref) ?? []), skip]);
  }
  return found;
}
