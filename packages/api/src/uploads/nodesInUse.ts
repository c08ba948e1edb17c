// A hierarchy upload may not take away a node something is scoped to: an active user's book
// would vanish under them, and a partner registration's set (the nodes its sessions may be scoped to,
// `partners.nodes`) would name a node that no longer exists, so its agents' sessions would be refused
// (`partner/unknown-node`) until someone noticed. The engine refuses such a change (ScopedNodeError, with
// the codes) in the load's own transaction; this names who holds each node for the uploader (a failed
// upload) or the caller (409 on a roll back or a delete). Owners move a user's scope on the organisation
// screen, and revoke and register again a partner whose set must change, first.
import { ScopedNodeError } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors/apiError.ts';

/** Something scoped to a node: an active user (their email) or a live partner registration (its name). */
export interface NodeHolder {
  node: string;
  /** `analyst@acme.example` or `partner “Lakeside portal”`. */
  holder: string;
}

/** The organisation's active scoped users and its partners' (not revoked) registered nodes, by code. */
export async function nodeHoldersOf(db: Database, orgId: number): Promise<NodeHolder[]> {
  const users = await db.query<{ email: string; scope_node: string }>(
    'select email, scope_node from users where org_id = $1 and is_active and scope_node is not null order by lower(email)',
    [orgId],
  );
  const partners = await db.query<{ name: string; nodes: string[] }>(
    'select name, nodes from partners where org_id = $1 and revoked_at is null order by name, id',
    [orgId],
  );
  return [
    ...users.map((user) => ({ node: user.scope_node, holder: user.email })),
    ...partners.flatMap((partner) => partner.nodes.map((node) => ({ node, holder: `partner “${partner.name}”` }))),
  ];
}

/** The codes held, for the engine. */
export const heldCodes = (holders: readonly NodeHolder[]) => [...new Set(holders.map((holder) => holder.node))];

/** What the refusal says: each node that would go, with the users and partner registrations scoped to it. */
export function nodesInUseMessage(holders: readonly NodeHolder[], codes: readonly string[]): string {
  const named = codes.map((code) => {
    const names = holders.filter((holder) => holder.node === code).map((holder) => holder.holder);
    return `${code} (${names.join(', ')})`;
  });
  return `This change would remove nodes that users or partner registrations are scoped to: ${named.join('; ')}. Scope those users to another node on the organisation screen, and revoke those partners and register them again with other nodes, first: nothing was changed.`;
}

/** Runs a roll back or delete; a ScopedNodeError from the engine becomes a 409 naming who holds the nodes. */
export async function refusingNodesInUse<T>(db: Database, orgId: number, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ScopedNodeError)) throw error;
    throw new ApiError(
      409,
      API_ERROR_CODES.uploadsScopedNodeInUse,
      nodesInUseMessage(await nodeHoldersOf(db, orgId), error.codes),
    );
  }
}
