// The owner's partners (docs/access.md "Partner sessions"): registration, keys, revocation. Each change runs in
// a transaction with its audit row (partner_changes, read back by partnerAudit.ts), under a lock of the partner's row.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  ORG_MANAGEMENT_MESSAGES,
  PARTNER_ACTIVE_KEYS_MAX,
  rolesOutsideGrant,
  type Partner,
  type PartnerKeyInput,
  type RegisterPartner,
  type RoleName,
} from '@payportal/shared/identity';
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError, forbidden, notFound } from '../errors/apiError.ts';
import type { ChangeActor } from '../organization/index.ts';
import { checkJwksUrl } from './partnerJwks.ts';
import { readPartnerKeys, type PartnerPublicKey } from './partnerKeys.ts';

export interface PartnerOwner {
  db: Database;
  orgId: number;
  /** The verified caller: during an impersonation, the support person. */
  actor: ChangeActor;
  /** During an impersonation: the user support staff act as (audited beside the actor). */
  onBehalfOf: { id: number; email: string } | null;
  /** what the owner may grant; a partner's role cap stays within it. */
  assignable: readonly RoleName[];
  /** NODE_ENV=production: a JWKS URL must be https (partnerJwks.ts). */
  production: boolean;
}

interface PartnerRow {
  id: number;
  issuer: string;
  name: string;
  allowed_origins: string[];
  roles: RoleName[];
  provision_users: boolean;
  nodes: string[];
  revoked_at: Date | string | null;
  created_at: Date | string;
  jwks_url: string | null;
}

interface KeyRow {
  partner_id: number;
  kid: string;
  alg: string;
  added_at: Date | string;
  retired_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const conflict = (message: string) => new ApiError(409, API_ERROR_CODES.conflict, message);

export async function listPartners(db: Queryable, orgId: number, onlyId?: number): Promise<Partner[]> {
  const [partners, keys] = await Promise.all([
    db.query<PartnerRow>(
      `select id, issuer, name, allowed_origins, roles, provision_users, nodes, revoked_at, created_at, jwks_url
       from partners where org_id = $1 and ($2::int is null or id = $2) order by id`,
      [orgId, onlyId ?? null],
    ),
    db.query<KeyRow>(
      `select k.partner_id, k.kid, k.alg, k.added_at, k.retired_at from partner_keys k join partners p on p.id = k.partner_id
       where p.org_id = $1 and ($2::int is null or p.id = $2) order by k.added_at, k.kid`,
      [orgId, onlyId ?? null],
    ),
  ]);
  return partners.map((row) => ({
    id: row.id,
    issuer: row.issuer,
    name: row.name,
    allowed_origins: row.allowed_origins,
    roles: row.roles,
    provision_users: row.provision_users,
    nodes: row.nodes,
    revoked_at: row.revoked_at === null ? null : iso(row.revoked_at),
    created_at: iso(row.created_at),
    jwks_url: row.jwks_url,
    keys: keys
      .filter((key) => key.partner_id === row.id)
      .map((key) => ({
        kid: key.kid,
        alg: key.alg,
        added_at: iso(key.added_at),
        retired_at: key.retired_at === null ? null : iso(key.retired_at),
      })),
  }));
}

async function onePartner(tx: Queryable, orgId: number, partnerId: number): Promise<Partner> {
  const [partner] = await listPartners(tx, orgId, partnerId);
  if (!partner) throw notFound();
  return partner;
}

async function audit(
  tx: Queryable,
  owner: PartnerOwner,
  partnerId: number,
  action: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.query(
    `insert into partner_changes (org_id, partner_id, actor_user_id, actor_email, actor_name, action, before, after,
       on_behalf_of_user_id, on_behalf_of_email)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      owner.orgId,
      partnerId,
      owner.actor.id,
      owner.actor.email,
      owner.actor.name,
      action,
      before === null ? null : JSON.stringify(before),
      JSON.stringify(after),
      owner.onBehalfOf?.id ?? null,
      owner.onBehalfOf?.email ?? null,
    ],
  );
}

async function insertKeys(tx: Queryable, partnerId: number, keys: readonly PartnerPublicKey[]): Promise<void> {
  for (const key of keys) {
    const [added] = await tx.query<{ kid: string }>(
      'insert into partner_keys (partner_id, kid, alg, public_jwk) values ($1, $2, $3, $4) on conflict do nothing returning kid',
      [partnerId, key.kid, key.alg, JSON.stringify(key.jwk)],
    );
    if (!added) throw conflict(`The kid "${key.kid}" is already used by this partner: give the new key its own kid.`);
  }
}

/** Locks the partner's row (key changes and revocation of one partner run one at a time) and refuses a revoked one. */
async function lockLivePartner(tx: Queryable, orgId: number, partnerId: number): Promise<{ jwks_url: string | null }> {
  const [row] = await tx.query<{ revoked_at: unknown; jwks_url: string | null }>(
    'select revoked_at, jwks_url from partners where id = $1 and org_id = $2 for update',
    [partnerId, orgId],
  );
  if (!row) throw notFound();
  if (row.revoked_at !== null) throw conflict('This partner is revoked: register it again to let it sign sessions.');
  return row;
}

async function activeKids(tx: Queryable, partnerId: number): Promise<string[]> {
  const rows = await tx.query<{ kid: string }>(
    'select kid from partner_keys where partner_id = $1 and retired_at is null',
    [partnerId],
  );
  return rows.map((row) => row.kid);
}

export async function registerPartner(owner: PartnerOwner, input: RegisterPartner): Promise<Partner> {
  const outside = rolesOutsideGrant([], input.roles, owner.assignable);
  if (outside.length > 0)
    throw forbidden(`${ORG_MANAGEMENT_MESSAGES.notAssignable} Not yours to give: ${outside.join(', ')}.`);
  // A JWKS URL: the keys are read there when a session opens (partnerJwks.ts); none is stored here.
  const jwksUrl = 'jwks_url' in input.key ? checkJwksUrl(input.key.jwks_url, owner.production).href : null;
  const keys = 'jwks_url' in input.key ? [] : readPartnerKeys(input.key);
  if (keys.length > PARTNER_ACTIVE_KEYS_MAX)
    throw conflict(`A partner has at most ${PARTNER_ACTIVE_KEYS_MAX} active keys.`);
  const issuer = `ptn_${randomBytes(12).toString('base64url')}`;
  return owner.db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      `insert into partners (org_id, issuer, name, allowed_origins, roles, provision_users, jwks_url, nodes)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        owner.orgId,
        issuer,
        input.name,
        JSON.stringify(input.allowed_origins),
        JSON.stringify(input.roles),
        input.provision_users,
        jwksUrl,
        JSON.stringify([...new Set(input.nodes)]),
      ],
    );
    await insertKeys(tx, created!.id, keys);
    const partner = await onePartner(tx, owner.orgId, created!.id);
    await audit(tx, owner, partner.id, 'register', null, { ...partner, keys: keys.map((key) => key.kid) });
    return partner;
  });
}

/** A rotation's first step: the new key beside the current one (at most two active). */
export async function addPartnerKeys(owner: PartnerOwner, partnerId: number, input: PartnerKeyInput): Promise<Partner> {
  const keys = readPartnerKeys(input);
  return owner.db.transaction(async (tx) => {
    const { jwks_url: jwksUrl } = await lockLivePartner(tx, owner.orgId, partnerId);
    if (jwksUrl !== null)
      throw conflict(`This partner publishes its keys at ${jwksUrl}: it rotates them there, not here.`);
    const before = await activeKids(tx, partnerId);
    if (before.length + keys.length > PARTNER_ACTIVE_KEYS_MAX) {
      throw conflict(
        `A partner has at most ${PARTNER_ACTIVE_KEYS_MAX} active keys: retire one (${before.join(', ')}) first.`,
      );
    }
    await insertKeys(tx, partnerId, keys);
    await audit(tx, owner, partnerId, 'add-key', before, await activeKids(tx, partnerId));
    return onePartner(tx, owner.orgId, partnerId);
  });
}

/** A rotation's last step: tokens signed with the retired key are refused from now on (partner/key-retired). */
export async function retirePartnerKey(owner: PartnerOwner, partnerId: number, kid: string): Promise<Partner> {
  return owner.db.transaction(async (tx) => {
    await lockLivePartner(tx, owner.orgId, partnerId);
    const before = await activeKids(tx, partnerId);
    if (!before.includes(kid)) throw notFound();
    if (before.length === 1)
      throw conflict("This is the partner's only active key: add its successor first, or revoke the partner.");
    await tx.query('update partner_keys set retired_at = now() where partner_id = $1 and kid = $2', [partnerId, kid]);
    await audit(tx, owner, partnerId, 'retire-key', before, await activeKids(tx, partnerId));
    return onePartner(tx, owner.orgId, partnerId);
  });
}

/** Ends the partner: no new session from now on, and its open sessions are refused at their next call. */
export async function revokePartner(owner: PartnerOwner, partnerId: number): Promise<Partner> {
  return owner.db.transaction(async (tx) => {
    await lockLivePartner(tx, owner.orgId, partnerId);
    await tx.query('update partners set revoked_at = now() where id = $1', [partnerId]);
    const partner = await onePartner(tx, owner.orgId, partnerId);
    await audit(tx, owner, partnerId, 'revoke', null, { revoked_at: partner.revoked_at });
    return partner;
  });
}
