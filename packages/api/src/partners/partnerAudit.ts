// The owner's partner audit (docs/access.md "Partner audit"): partner_changes (registrations, key
// changes, revocations, by the verified caller and, during an impersonation, in whose name) beside the
// users a partner's session created, which partnerSessions.ts records in user_changes with the partner's
// issuer as actor. One list, newest first.
import type { PartnerAuditEntry } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';

interface AuditRow {
  source: 'partner' | 'user';
  id: string | number;
  partner_id: number;
  at: Date | string;
  action: string;
  actor_email: string;
  actor_name: string;
  on_behalf_of_email: string | null;
  before: unknown;
  after: unknown;
  user_email: string | null;
  user_name: string | null;
}

const kids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((kid): kid is string => typeof kid === 'string') : [];

export async function listPartnerAudit(db: Queryable, orgId: number, limit: number): Promise<PartnerAuditEntry[]> {
  const rows = await db.query<AuditRow>(
    `(select 'partner' as source, c.id, c.partner_id, c.at, c.action, c.actor_email, c.actor_name,
             c.on_behalf_of_email, c.before, c.after, null as user_email, null as user_name
        from partner_changes c where c.org_id = $1
      union all
      select 'user', u.id, p.id, u.at, 'provision-user', p.issuer, p.name, null, null, null, t.email, t.name
        from user_changes u
        join partners p on p.issuer = u.actor_email and p.org_id = u.org_id
        join users t on t.id = u.target_user_id
       where u.org_id = $1 and u.action = 'partner-provision')
     order by at desc, id desc
     limit $2`,
    [orgId, limit],
  );
  return rows.map((row) => ({
    id: `${row.source}-${row.id}`,
    partner_id: row.partner_id,
    at: new Date(row.at).toISOString(),
    action: row.action as PartnerAuditEntry['action'],
    actor: { email: row.actor_email, name: row.actor_name },
    on_behalf_of: row.on_behalf_of_email,
    keys:
      row.action === 'register'
        ? { before: [], after: kids((row.after as { keys?: unknown } | null)?.keys) }
        : row.action === 'add-key' || row.action === 'retire-key'
          ? { before: kids(row.before), after: kids(row.after) }
          : null,
    user: row.user_email === null ? null : { email: row.user_email, name: row.user_name ?? '' },
  }));
}
