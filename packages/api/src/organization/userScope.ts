// The owner scopes a user to one node of the portfolio hierarchy, or unscopes them (README "Scoped
// books"). The node is named by its code and must be one of the organisation's; an owner is never scoped.
// Audited like every change to a user.
import type { PortfolioNodeRow } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { ApiError, notFound } from '../errors/apiError.ts';
import { ownerNotScoped, type OwnerContext } from './orgUserActions.ts';
import { findOrgUser, type OrgUserRow } from './orgUserDirectory.ts';
import { recordUserChange } from './orgUserChanges.ts';

/** @param nodes the organisation's hierarchy as the analytics engine holds it now. */
export async function setUserScope(
  owner: OwnerContext,
  userId: number,
  code: string | null,
  nodes: readonly PortfolioNodeRow[],
): Promise<OrgUserRow> {
  const node = code === null ? null : nodes.find((candidate) => candidate.code === code);
  if (node === undefined)
    throw new ApiError(400, API_ERROR_CODES.unknownNode, `The organisation's hierarchy has no node ${code}.`);
  return owner.db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 and org_id = $2 for update', [userId, owner.orgId]);
    const target = await findOrgUser(tx, owner.orgId, userId);
    if (!target) throw notFound();
    if (node !== null && target.roles.includes('org_owner')) throw ownerNotScoped();
    if (target.scope_node === code) return target;
    await tx.query('update users set scope_node = $1 where id = $2', [code, userId]);
    const before = nodes.find((candidate) => candidate.code === target.scope_node);
    await recordUserChange(tx, {
      orgId: owner.orgId,
      targetUserId: userId,
      actor: owner.actor,
      action: 'scope',
      before: target.scope_node === null ? null : { code: target.scope_node, name: before?.name ?? null },
      after: node === null ? null : { code: node.code, name: node.name },
    });
    return (await findOrgUser(tx, owner.orgId, userId))!;
  });
}
