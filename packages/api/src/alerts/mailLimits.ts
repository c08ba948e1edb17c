// Fair mail: caps per organisation on alerts, subscriptions and recipients, the recipients'
// rights when saved, and the per-user limit on "send now". Settings in config.ts.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors/apiError.ts';
import { MAIL_SOURCE_ROLE, mailMembersOf, refusalOf } from './mailRights.ts';

/** 409 alerts/limit-reached when the organisation already has `max` of them. */
export async function requireRoom(
  db: Queryable,
  table: 'alerts' | 'subscriptions',
  orgId: number,
  max: number,
): Promise<void> {
  const [row] = await db.query<{ count: number }>(`select count(*)::int as count from ${table} where org_id = $1`, [
    orgId,
  ]);
  if (row!.count >= max)
    throw new ApiError(
      409,
      API_ERROR_CODES.alertsLimitReached,
      `Your organisation has ${max} ${table}, as many as it may have: delete one first.`,
    );
}

/**
 * Every recipient must be an active member of the organisation who holds the role the source needs,
 * and there are at most `max`: 400 naming the others.
 */
export async function requireRecipients(
  db: Queryable,
  orgId: number,
  ids: readonly number[],
  max: number,
): Promise<void> {
  if (ids.length > max)
    throw new ApiError(400, API_ERROR_CODES.badRequest, `At most ${max} recipients.`, [
      { field: 'recipients', problem: `has ${ids.length} recipients; at most ${max}` },
    ]);
  const members = new Map((await mailMembersOf(db, orgId, ids)).map((member) => [member.id, member]));
  const problems = ids.flatMap((id, index) => {
    const member = members.get(id);
    const refused = refusalOf(member, MAIL_SOURCE_ROLE);
    if (!refused) return [];
    const problem = !member
      ? 'is not a member of this organisation'
      : !member.is_active
        ? `${member.name} (${member.email}) is deactivated`
        : `${member.name} (${member.email}) does not have the ${MAIL_SOURCE_ROLE} role`;
    return [{ field: `recipients.${index}`, problem }];
  });
  if (problems.length)
    throw new ApiError(
      400,
      API_ERROR_CODES.badRequest,
      `Only active members with the ${MAIL_SOURCE_ROLE} role can receive this mail: ${problems.map((p) => p.problem).join('; ')}.`,
      problems,
    );
}

/** Answers the members who may receive mail now: active, with the role the source needs. */
export async function possibleRecipients(
  db: Queryable,
  orgId: number,
): Promise<{ id: number; email: string; name: string }[]> {
  return (await mailMembersOf(db, orgId))
    .filter((member) => !refusalOf(member, MAIL_SOURCE_ROLE))
    .map(({ id, email, name }) => ({ id, email, name }));
}

/**
 * "Send now"s per user per hour, in this process (a second process keeps its own count: the limit is
 * per process, documented in mail-and-alerts.md). Answers the seconds to wait, or 0 when it may go.
 */
export function createHourlyLimiter(perHour: number, now: () => Date) {
  const sent = new Map<number, number[]>();
  return (userId: number): number => {
    const at = now().getTime();
    const recent = (sent.get(userId) ?? []).filter((time) => time > at - 3_600_000);
    if (recent.length >= perHour) {
      sent.set(userId, recent);
      return Math.max(1, Math.ceil((recent[0]! + 3_600_000 - at) / 1000));
    }
    sent.set(userId, [...recent, at]);
    return 0;
  };
}
