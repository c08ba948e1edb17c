// A session's portfolio node (README "Scoped books"), decided once per request by the caller's resolver
// (callerContext.ts) from the user row and the verified token, and read by callerScope.ts.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { ApiError } from '../errors/apiError.ts';
import type { VerifiedToken } from './verifyToken.ts';

/**
 * The node a session sees: the user's own scope, narrowed by a partner session's node (checked to lie
 * within both when the session opened, partnerSessions.ts). A session opened under another scope than
 * the user has now is refused rather than widened or guessed.
 */
export function sessionNode(user: { scope_node: string | null }, token: VerifiedToken | null): string | null {
  const claim = token?.partnerNode ?? null;
  if (claim === null) return user.scope_node;
  if (claim.userScope !== user.scope_node)
    throw new ApiError(
      403,
      API_ERROR_CODES.partnerNodeOutsideScope,
      "The user's scope changed since this partner session opened: open a new session.",
    );
  return claim.node;
}
