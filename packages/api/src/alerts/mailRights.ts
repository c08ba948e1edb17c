// Who may be mailed what, checked again every time a run sends (issue 42): the creator must still be
// active and hold the role the source needs, and so must each recipient; whoever does not is left out
// and recorded in mail_skips (migration 175) with the reason. The one place the rule lives, the portfolio
// scope's included (README "Scoped books"): a run is made in its creator's book, and a recipient scoped
// to another book is left out, so no one is mailed merchants outside their own book.
import type { MailSkipReason } from '@payportal/shared/alerts';
import type { RoleName } from '@payportal/shared/identity';
import { seesBook } from '../auth/callerScope.ts';
import type { Queryable } from '../db/database.ts';

/** Alerts, dashboards and saved exports are all read with the query role (their routes' withRole). */
export const MAIL_SOURCE_ROLE: RoleName = 'query';

export interface MailMember {
  id: number;
  email: string;
  name: string;
  is_active: boolean;
  roles: string[];
  /** Their portfolio node, or null: the whole organisation. */
  scope_node: string | null;
}

/** The organisation's users among `ids` (or all of them), with their roles now. */
export async function mailMembersOf(db: Queryable, orgId: number, ids?: readonly number[]): Promise<MailMember[]> {
  return db.query<MailMember>(
    `select u.id, u.email, u.name, u.is_active, u.scope_node, coalesce(array_agg(r.name) filter (where r.name is not null), '{}') as roles
     from users u left join user_roles ur on ur.user_id = u.id left join roles r on r.id = ur.role_id
     where u.org_id = $1 and ($2::int[] is null or u.id = any($2::int[]))
     group by u.id order by lower(u.name), u.id`,
    [orgId, ids ?? null],
  );
}

/** Why `member` may not have the mail now (inactive, or without `role`); null: they may. */
export function refusalOf(member: MailMember | undefined, role: RoleName): 'inactive' | 'lacks-role' | null {
  if (!member?.is_active) return 'inactive';
  return member.roles.includes(role) ? null : 'lacks-role';
}

export interface MailRights {
  /** Why the run may not send at all (the creator's right is gone); null: it may. */
  creatorRefused: MailSkipReason | null;
  /** The recipients who may have it. */
  allowed: MailMember[];
  /** Who was left out, and why (the creator, or recipients). */
  skips: { userId: number; reason: MailSkipReason }[];
  /** The creator's node: the run's data is made in this book (callerScope.ts queryScope). */
  book: string | null;
}

/** The rule of issue 42, for one run of an alert or a subscription created by `createdBy`. */
export async function checkMailRights(
  db: Queryable,
  run: { orgId: number; createdBy: number; recipients: readonly number[]; role?: RoleName },
): Promise<MailRights> {
  const role = run.role ?? MAIL_SOURCE_ROLE;
  const members = new Map(
    (await mailMembersOf(db, run.orgId, [run.createdBy, ...run.recipients])).map((member) => [member.id, member]),
  );
  const creator = refusalOf(members.get(run.createdBy), role);
  if (creator)
    return {
      creatorRefused: `creator-${creator}`,
      allowed: [],
      skips: [{ userId: run.createdBy, reason: `creator-${creator}` }],
      book: null,
    };
  const book = members.get(run.createdBy)!.scope_node;
  const allowed: MailMember[] = [];
  const skips: MailRights['skips'] = [];
  for (const id of run.recipients) {
    const refused = refusalOf(members.get(id), role);
    if (refused) skips.push({ userId: id, reason: `recipient-${refused}` });
    else if (!seesBook(members.get(id)!.scope_node, book)) skips.push({ userId: id, reason: 'recipient-outside-book' });
    else allowed.push(members.get(id)!);
  }
  return { creatorRefused: null, allowed, skips, book };
}
