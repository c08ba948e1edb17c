// The owner's changes to a user. Each one runs in a transaction with its audit record, so a
// change and its history land together or not at all; identity-provider calls that must accompany a
// change (ending sessions) run inside that transaction and undo it when they fail.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  ORG_MANAGEMENT_MESSAGES,
  rolesOutsideGrant,
  type InviteUser,
  type RoleName,
  type SignInMethod,
} from '@payportal/shared/identity';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError, forbidden, notFound } from '../errors/apiError.ts';
import { newInviteSecret } from '../invites/index.ts';
import type { OrgIdentity } from './orgIdentity.ts';
import { findOrgUser, type OrgUserRow } from './orgUserDirectory.ts';
import { recordUserChange, type ChangeActor } from './orgUserChanges.ts';

export interface OwnerContext {
  db: Database;
  identity: OrgIdentity;
  orgId: number;
  /** The portal user the owner acts as (the impersonated owner when support staff act). */
  ownerId: number;
  /** Who the audit names: the signed-in person, also when impersonating. */
  actor: ChangeActor;
  /** the union of the grants of the owner's own roles. */
  assignable: readonly RoleName[];
}

/** Owners see the whole organisation (README "Scoped books"): never scoped, nor a scoped user made owner. */
export const ownerNotScoped = () =>
  new ApiError(400, API_ERROR_CODES.ownerNotScoped, ORG_MANAGEMENT_MESSAGES.ownerNotScoped);

async function loadTarget(tx: Queryable, orgId: number, userId: number): Promise<OrgUserRow> {
  const row = await findOrgUser(tx, orgId, userId);
  if (!row) throw notFound();
  return row;
}

function checkGrant(owner: OwnerContext, current: readonly RoleName[], requested: readonly RoleName[]): void {
  const outside = rolesOutsideGrant(current, requested, owner.assignable);
  if (outside.length > 0)
    throw forbidden(`${ORG_MANAGEMENT_MESSAGES.notAssignable} Not yours to change: ${outside.join(', ')}.`);
}

async function writeRoles(tx: Queryable, userId: number, roles: readonly RoleName[]): Promise<void> {
  await tx.query('delete from user_roles where user_id = $1', [userId]);
  if (roles.length > 0) {
    await tx.query('insert into user_roles (user_id, role_id) select $1, id from roles where name = any($2::text[])', [
      userId,
      roles,
    ]);
  }
}

/** A user with an open invitation and the secret of its sign-up link (shown to the owner once, never stored). */
export interface OpenInvite {
  row: OrgUserRow;
  secret: string;
}

/**
 * an address is unique per organisation. Only an address already in this organisation
 * is refused (409); whether another organisation has it changes nothing here, not even the queries run.
 */
export async function inviteUser(owner: OwnerContext, invite: InviteUser): Promise<OpenInvite> {
  checkGrant(owner, [], invite.roles);
  const { secret, hash, expiresAt } = newInviteSecret();
  return owner.db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      `insert into users (email, name, org_id, is_active, config, invite_token_hash, invite_expires_at)
       values ($1, $2, $3, true, '{"last_logged_in": null, "email_verified": false}', $4, $5)
       on conflict (org_id, email) do nothing returning id`,
      [invite.email, invite.name, owner.orgId, hash, expiresAt.toISOString()],
    );
    if (!created) throw new ApiError(409, API_ERROR_CODES.conflict, ORG_MANAGEMENT_MESSAGES.accountExists);
    await writeRoles(tx, created.id, invite.roles);
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: created.id,
      actor: owner.actor,
      action: 'invite',
      before: null,
      after: { email: invite.email, name: invite.name, roles: invite.roles },
    });
    return { row: await loadTarget(tx, owner.orgId, created.id), secret };
  });
}

/**
 * A new sign-up link for a user who has not signed up: only the secret's hash is stored, so an earlier
 * link cannot be shown again; this one replaces it (the earlier link stops working) with a new expiry.
 */
export async function renewInviteLink(owner: OwnerContext, userId: number): Promise<OpenInvite> {
  const { secret, hash, expiresAt } = newInviteSecret();
  return owner.db.transaction(async (tx) => {
    const target = await loadTarget(tx, owner.orgId, userId);
    const [before] = await tx.query<{ invite_expires_at: Date | string | null }>(
      'select invite_expires_at from users where id = $1 for update',
      [userId],
    );
    // Checked under the row lock: an acceptance that links the user first makes this a 409, not a new link.
    const [renewed] = await tx.query(
      'update users set invite_token_hash = $2, invite_expires_at = $3 where id = $1 and firebase_uid is null returning id',
      [userId, hash, expiresAt.toISOString()],
    );
    if (!renewed) throw new ApiError(409, API_ERROR_CODES.conflict, ORG_MANAGEMENT_MESSAGES.alreadySignedUp);
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: userId,
      actor: owner.actor,
      action: 'invite-link',
      before: { expires_at: before?.invite_expires_at ? new Date(before.invite_expires_at).toISOString() : null },
      after: { expires_at: expiresAt.toISOString() },
    });
    return { row: target, secret };
  });
}

export async function setUserRoles(
  owner: OwnerContext,
  userId: number,
  requested: readonly RoleName[],
): Promise<OrgUserRow> {
  return owner.db.transaction(async (tx) => {
    await lockOrganization(tx, owner.orgId);
    const target = await loadTarget(tx, owner.orgId, userId);
    checkGrant(owner, target.roles, requested);
    if (target.partner_id !== null && requested.includes('org_owner') && !target.roles.includes('org_owner'))
      throw new ApiError(409, API_ERROR_CODES.conflict, ORG_MANAGEMENT_MESSAGES.partnerBoundOwner);
    if (target.scope_node !== null && requested.includes('org_owner')) throw ownerNotScoped();
    if (target.roles.includes('org_owner') && !requested.includes('org_owner'))
      await ensureAnotherActiveOwner(tx, owner.orgId, userId);
    await writeRoles(tx, userId, requested);
    const updated = await loadTarget(tx, owner.orgId, userId);
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: userId,
      actor: owner.actor,
      action: 'roles',
      before: target.roles,
      after: updated.roles,
    });
    return updated;
  });
}

export async function setUserName(owner: OwnerContext, userId: number, name: string): Promise<OrgUserRow> {
  return owner.db.transaction(async (tx) => {
    const target = await loadTarget(tx, owner.orgId, userId);
    await tx.query('update users set name = $1 where id = $2', [name, userId]);
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: userId,
      actor: owner.actor,
      action: 'name',
      before: target.name,
      after: name,
    });
    return loadTarget(tx, owner.orgId, userId);
  });
}

/**
 * Who signs the user in (SECURITY.md #3). A partner user needs no PayPortal SMS step, so only the owner
 * decides it, audited; their own sessions are not ended (the next request is judged by the new method).
 */
export async function setSignInMethod(owner: OwnerContext, userId: number, method: SignInMethod): Promise<OrgUserRow> {
  return owner.db.transaction(async (tx) => {
    const target = await loadTarget(tx, owner.orgId, userId);
    if (target.sign_in_method === method) return target;
    // Back to PayPortal's own sign-in ends the partner binding too: no partner opens a standalone user.
    await tx.query(
      "update users set sign_in_method = $1, partner_id = case when $1 = 'standalone' then null else partner_id end where id = $2",
      [method, userId],
    );
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: userId,
      actor: owner.actor,
      action: 'sign-in-method',
      before: target.sign_in_method,
      after: method,
    });
    return loadTarget(tx, owner.orgId, userId);
  });
}

export async function setUserActive(owner: OwnerContext, userId: number, active: boolean): Promise<OrgUserRow> {
  if (!active && userId === owner.ownerId)
    throw new ApiError(409, API_ERROR_CODES.conflict, ORG_MANAGEMENT_MESSAGES.ownAccount);
  return owner.db.transaction(async (tx) => {
    await lockOrganization(tx, owner.orgId);
    const target = await loadTarget(tx, owner.orgId, userId);
    if (target.is_active === active) return target;
    if (!active && target.roles.includes('org_owner')) await ensureAnotherActiveOwner(tx, owner.orgId, userId);
    await tx.query('update users set is_active = $1 where id = $2', [active, userId]);
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: userId,
      actor: owner.actor,
      action: active ? 'reactivate' : 'deactivate',
      before: { is_active: target.is_active },
      after: { is_active: active },
    });
    // revoked refresh tokens end the user's open sessions; a failure here undoes the change.
    if (!active && target.firebase_uid) await owner.identity.revokeSessions(target.firebase_uid);
    return loadTarget(tx, owner.orgId, userId);
  });
}

export async function resetSecondFactors(owner: OwnerContext, userId: number): Promise<OrgUserRow> {
  return owner.db.transaction(async (tx) => {
    const target = await loadTarget(tx, owner.orgId, userId);
    if (!target.firebase_uid) throw new ApiError(409, API_ERROR_CODES.conflict, ORG_MANAGEMENT_MESSAGES.notSignedUp);
    const removed = await owner.identity.removeSecondFactors(target.firebase_uid);
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: userId,
      actor: owner.actor,
      action: 'second-factor-reset',
      before: { second_factors: removed },
      after: { second_factors: 0 },
    });
    return target;
  });
}

/**
 * Changes that can take away an owner run one at a time per organisation: without
 * the lock, two owners demoting each other at once would each see the other as the remaining owner.
 */
async function lockOrganization(tx: Queryable, orgId: number): Promise<void> {
  await tx.query('select id from organizations where id = $1 for update', [orgId]);
}

async function ensureAnotherActiveOwner(tx: Queryable, orgId: number, userId: number): Promise<void> {
  const [other] = await tx.query(
    `select 1 from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
     where u.org_id = $1 and u.id <> $2 and u.is_active and r.name = 'org_owner' limit 1`,
    [orgId, userId],
  );
  if (!other) throw new ApiError(409, API_ERROR_CODES.conflict, ORG_MANAGEMENT_MESSAGES.lastOwner);
}
