// A partner session scoped to a node (README "Scoped books", SECURITY.md #16): the token's `node` names
// a node of the organisation's hierarchy that lies within one of the partner's registered nodes, and the
// session sees the intersection of that node's book and the user's own scope.
import type { PortfolioNodeRow } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { ApiError } from '../errors/apiError.ts';
import { narrowerBook, within } from '../auth/narrowerBook.ts';

/** The token's node, refused when the hierarchy has no such code or it lies outside the partner's set. */
export function checkNodeClaim(
  nodes: readonly PortfolioNodeRow[],
  partnerNodes: readonly string[],
  node: string,
): void {
  if (!nodes.some((candidate) => candidate.code === node))
    throw new ApiError(
      403,
      API_ERROR_CODES.partnerUnknownNode,
      `The partner session token's node "${node}" is not a node of the organisation's portfolio.`,
    );
  if (!partnerNodes.some((allowed) => within(nodes, node, allowed)))
    throw new ApiError(
      403,
      API_ERROR_CODES.partnerNodeOutsideSet,
      `The partner session token's node "${node}" lies outside the nodes this partner may scope sessions to.`,
    );
}

/** The narrower of the token's node and the user's scope; refused when they share no merchant. */
export function intersectScope(nodes: readonly PortfolioNodeRow[], node: string, userScope: string | null): string {
  const book = narrowerBook(nodes, node, userScope);
  if (book !== undefined) return book ?? node;
  throw new ApiError(
    403,
    API_ERROR_CODES.partnerNodeOutsideScope,
    `The partner session token's node "${node}" lies outside the book this user is scoped to.`,
  );
}
