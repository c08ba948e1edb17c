// Reads the organisation's users for the owner: one page at a time, searched and sorted in
// SQL so organisations with thousands of users stay fast, then joined with the identity provider's
// facts for that page only (firebase-admin getUsers takes up to 100 accounts per call).
import type { ManagedUser, OrgUsersQuery, OrgUsersSortField, RoleName, SignInMethod } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';
import type { IdentityFacts, OrgIdentity } from './orgIdentity.ts';

export interface OrgUserRow {
  id: number;
  email: string;
  name: string;
  org_id: number;
  is_active: boolean;
  firebase_uid: string | null;
  config: { last_logged_in?: string | null; email_verified?: boolean };
  sign_in_method: SignInMethod;
  partner_id: number | null;
  scope_node: string | null;
  roles: RoleName[];
}

const selectUsers = `
  select u.id, u.email, u.name, u.org_id, u.is_active, u.firebase_uid, u.config, u.sign_in_method, u.partner_id, u.scope_node,
    coalesce((select array_agg(r.name order by r.id) from user_roles ur join roles r on r.id = ur.role_id
              where ur.user_id = u.id), '{}') as roles
  from users u`;

// Whitelisted sort expressions: the query's field is an enum, never spliced in as text.
const sortExpressions: Record<OrgUsersSortField, string> = {
  name: 'lower(u.name)',
  email: 'u.email',
  last_sign_in: "(u.config->>'last_logged_in')",
  is_active: 'u.is_active',
};

export async function findOrgUser(db: Queryable, orgId: number, userId: number): Promise<OrgUserRow | null> {
  const [row] = await db.query<OrgUserRow>(`${selectUsers} where u.org_id = $1 and u.id = $2`, [orgId, userId]);
  return row ?? null;
}

export async function listOrgUsers(
  db: Queryable,
  orgId: number,
  query: OrgUsersQuery,
): Promise<{ rows: OrgUserRow[]; total: number }> {
  const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = `where u.org_id = $1 and ($2 = '' or lower(u.name) like $3 or u.email like $3)`;
  const direction = query.direction === 'desc' ? 'desc' : 'asc';
  const [counted] = await db.query<{ total: number }>(`select count(*)::int as total from users u ${where}`, [
    orgId,
    query.search,
    pattern,
  ]);
  const rows = await db.query<OrgUserRow>(
    `${selectUsers} ${where} order by ${sortExpressions[query.sort]} ${direction} nulls last, u.id ${direction} limit $4 offset $5`,
    [orgId, query.search, pattern, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return { rows, total: counted?.total ?? 0 };
}

export async function managedUsers(rows: readonly OrgUserRow[], identity: OrgIdentity): Promise<ManagedUser[]> {
  const uids = rows.flatMap((row) => (row.firebase_uid ? [row.firebase_uid] : []));
  const facts = await identity.facts(uids);
  return rows.map((row) => toManagedUser(row, row.firebase_uid ? facts.get(row.firebase_uid) : undefined));
}

function toManagedUser(row: OrgUserRow, facts: IdentityFacts | undefined): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    is_active: row.is_active,
    roles: row.roles,
    signed_up: row.firebase_uid !== null,
    last_sign_in: facts?.lastSignIn ?? row.config.last_logged_in ?? null,
    second_factor_enrolled: facts?.secondFactorEnrolled ?? false,
    email_verified: facts?.emailVerified ?? row.config.email_verified ?? false,
    sign_in_method: row.sign_in_method,
    partner_id: row.partner_id,
    scope_node: row.scope_node,
  };
}
