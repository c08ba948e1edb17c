// The owner binds a user to the partner whose sessions may open them, or unbinds them (SECURITY.md #14).
// Bound: the user signs in through that partner only (partner_id, sign_in_method "partner"); unbound:
// PayPortal's own sign-in with its second factor. Audited like every change to a user.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { ORG_MANAGEMENT_MESSAGES } from '@payportal/shared/identity';
import { ApiError, notFound } from '../errors/apiError.ts';
import type { OwnerContext } from './orgUserActions.ts';
import { findOrgUser, type OrgUserRow } from './orgUserDirectory.ts';
import { recordUserChange } from './orgUserChanges.ts';

const conflict = (message: string) => new ApiError(409, API_ERROR_CODES.conflict, message);

export async function bindUserToPartner(
  owner: OwnerContext,
  userId: number,
  partnerId: number | null,
): Promise<OrgUserRow> {
  return owner.db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 and org_id = $2 for update', [userId, owner.orgId]);
    const target = await findOrgUser(tx, owner.orgId, userId);
    if (!target) throw notFound();
    if (target.partner_id === partnerId) return target;
    let partnerName: string | null = null;
    if (partnerId !== null) {
      const [partner] = await tx.query<{ name: string; revoked: boolean }>(
        'select name, revoked_at is not null as revoked from partners where id = $1 and org_id = $2',
        [partnerId, owner.orgId],
      );
      if (!partner) throw notFound();
      if (partner.revoked) throw conflict('This partner is revoked: it can no longer open sessions.');
      if (target.roles.includes('org_owner')) throw conflict(ORG_MANAGEMENT_MESSAGES.partnerBoundOwner);
      partnerName = partner.name;
    }
    await tx.query(
      "update users set partner_id = $1, sign_in_method = case when $1::int is null then 'standalone' else 'partner' end where id = $2",
      [partnerId, userId],
    );
    const [before] = await tx.query<{ name: string }>('select name from partners where id = $1', [target.partner_id]);
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: userId,
      actor: owner.actor,
      action: 'partner-binding',
      before: target.partner_id === null ? null : { partner_id: target.partner_id, name: before?.name ?? null },
      after: partnerId === null ? null : { partner_id: partnerId, name: partnerName },
    });
    return (await findOrgUser(tx, owner.orgId, userId))!;
  });
}
