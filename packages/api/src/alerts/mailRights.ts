// Who may be mailed what, checked again every time a run sends: the creator must still be
// active and hold the role the source needs, and so must each recipient; whoever does not is left out
// and recorded in mail_skips (migration 175) with the reason. The one place the rule lives, the portfolio
// scope's included (README "Scoped books"): each recipient's mail is made in the narrower of the
// creator's book and their own, so a scoped recipient is mailed their book's figures, never the creator's
// wider ones; a recipient whose book shares no merchant with the creator's is left out.
import type { PortfolioNodeRow } from '@payportal/analytics';
import type { MailSkipReason } from '@payportal/shared/alerts';
import type { RoleName } from '@payportal/shared/identity';
import { narrowerBook } from '../auth/narrowerBook.ts';
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

/** Recipients whose mail is made in one book (null: the whole organisation). */
export interface MailAudience {
  book: string | null;
  recipients: MailMember[];
}

export interface MailRights {
  /** Why the run may not send at all (the creator's right is gone); null: it may. */
  creatorRefused: MailSkipReason | null;
  /** The recipients who may have it, by the book their mail is made in (callerScope.ts queryScope). */
  audiences: MailAudience[];
  /** Who was left out, and why (the creator, or recipients). */
  skips: { userId: number; reason: MailSkipReason }[];
  /** The creator's node: the alert's own state and history are kept in this book. */
  book: string | null;
}

/** How many recipients the audiences hold. */
export const recipientCount = (audiences: readonly MailAudience[]): number =>
  audiences.reduce((sum, audience) => sum + audience.recipients.length, 0);

/**
 * The rule of scheduled mail (SECURITY.md "Scheduled mail"), for one run of an alert or a subscription created by `createdBy`; `hierarchy` is
 * read only when a recipient's book differs from the creator's.
 */
export async function checkMailRights(
  db: Queryable,
  run: {
    orgId: number;
    createdBy: number;
    recipients: readonly number[];
    role?: RoleName;
    hierarchy: () => Promise<readonly PortfolioNodeRow[]>;
  },
): Promise<MailRights> {
  const role = run.role ?? MAIL_SOURCE_ROLE;
  const members = new Map(
    (await mailMembersOf(db, run.orgId, [run.createdBy, ...run.recipients])).map((member) => [member.id, member]),
  );
  const creator = refusalOf(members.get(run.createdBy), role);
  if (creator)
    return {
      creatorRefused: `creator-${creator}`,
      audiences: [],
      skips: [{ userId: run.createdBy, reason: `creator-${creator}` }],
      book: null,
    };
  const book = members.get(run.createdBy)!.scope_node;
  const audiences = new Map<string | null, MailMember[]>();
  const skips: MailRights['skips'] = [];
  let nodes: readonly PortfolioNodeRow[] = [];
  for (const id of run.recipients) {
    const member = members.get(id);
    const refused = refusalOf(member, role);
    if (refused) {
      skips.push({ userId: id, reason: `recipient-${refused}` });
      continue;
    }
    const own = member!.scope_node;
    if (own !== null && book !== null && own !== book && !nodes.length) nodes = await run.hierarchy();
    const mailBook = narrowerBook(nodes, book, own);
    if (mailBook === undefined) skips.push({ userId: id, reason: 'recipient-outside-book' });
    else audiences.set(mailBook, [...(audiences.get(mailBook) ?? []), member!]);
  }
  return {
    creatorRefused: null,
    audiences: [...audiences].map(([mailBook, recipients]) => ({ book: mailBook, recipients })),
    skips,
    book,
  };
}
