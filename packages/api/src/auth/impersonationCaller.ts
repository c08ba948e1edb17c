// The caller behind an impersonation token. The token is looked up by its hash, and on
// every request the support user is checked again (active, `support` still held, identity neither
// disabled nor revoked since the token was issued, within the same window as ID tokens), the target
// must be active, and Impersonate-User must name the token's target. Write permission is decided by
// the caller hooks from `canWrite`.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { IMPERSONATE_HEADER, normalizeEmail } from '@payportal/shared/identity';
import type { FastifyRequest } from 'fastify';
import { findLiveImpersonationToken } from '../identity/impersonationTokenRepository.ts';
import { platformPermissionsOf } from '../identity/roleRepository.ts';
import { findUserById } from '../identity/userRepository.ts';
import {
  ApiError,
  disabledUser,
  impersonationForbidden,
  notSupportStaff,
  unauthenticated,
} from '../errors/apiError.ts';
import type { CallerDependencies, ImpersonatingCaller, ImpersonationAttempt } from './callerTypes.ts';
import { hashImpersonationToken, impersonateHeader } from './impersonationTokens.ts';
import type { AccessMode } from './routeAccess.ts';

export async function resolveImpersonationCaller(
  request: FastifyRequest,
  token: string,
  access: AccessMode,
  deps: CallerDependencies,
  onImpersonationAttempt: (attempt: ImpersonationAttempt) => void,
): Promise<ImpersonatingCaller> {
  const stored = await findLiveImpersonationToken(deps.db, hashImpersonationToken(token), Date.now());
  // The app exchanges its ID token again on this code (unknown tokens too: a restarted store, a typo).
  if (!stored)
    throw new ApiError(
      401,
      API_ERROR_CODES.impersonationExpired,
      'The impersonation has expired: exchange the ID token for a new one.',
    );
  const [supportUser, permissions, target] = await Promise.all([
    findUserById(deps.db, stored.supportUserId),
    platformPermissionsOf(deps.db, stored.supportUserId),
    findUserById(deps.db, stored.targetUserId),
  ]);
  // Users are never deleted while a token names them (the rows cascade), so both are here.
  if (!supportUser || !target) throw unauthenticated();
  // From here on the request is written to the audit, refused or not (no audit row, no answer).
  onImpersonationAttempt({ callerUserId: supportUser.id, targetEmail: target.email });

  if (!supportUser.is_active) throw disabledUser();
  if (!supportUser.firebase_uid) throw unauthenticated();
  await deps.verifier.checkIdentity(supportUser.firebase_uid, {
    fresh: access !== 'read',
    signedInAtMs: stored.createdAtMs,
  });
  if (!permissions.includes('support')) throw notSupportStaff();
  const header = request.headers[impersonateHeader];
  if (typeof header !== 'string' || normalizeEmail(header) !== target.email) {
    throw impersonationForbidden(
      `The impersonation token was issued for another user: send ${IMPERSONATE_HEADER} with the user it names.`,
    );
  }
  if (!target.is_active) throw disabledUser();
  return {
    user: target,
    signedIn: supportUser,
    // support staff see what the user sees: the user's own book
    scopeNode: target.scope_node,
    impersonating: true,
    platformPermissions: permissions,
    canWrite: stored.canWrite && permissions.includes('support_write'),
  };
}
