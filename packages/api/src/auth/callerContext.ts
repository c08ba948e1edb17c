// Who is calling: the verified ID token's portal user, or, for support staff sending an impersonation
// token (impersonationCaller.ts), the user they act as. Every route's checks run against `caller.user`.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { IMPERSONATE_HEADER } from '@payportal/shared/identity';
import type { FastifyRequest } from 'fastify';
import type { AccessMode } from './routeAccess.ts';
import { ApiError, disabledUser, forbidden, impersonationForbidden, unauthenticated } from '../errors/apiError.ts';
import { findUserByUid, type PortalUser } from '../identity/userRepository.ts';
import type { Caller, CallerDependencies, ImpersonationAttempt } from './callerTypes.ts';
import { partnerCapOf } from '../partners/partnerBinding.ts';
import { sessionNode } from './sessionNode.ts';
import { resolveImpersonationCaller } from './impersonationCaller.ts';
import { impersonateHeader, isImpersonationToken } from './impersonationTokens.ts';
import type { TokenVerifier, VerifiedToken } from './verifyToken.ts';

const BEARER = /^Bearer ([\w.~+/=-]+)$/;

/**
 * A route declared `IDENTITY` (accepting an invitation): the verified token alone, checked afresh. Its
 * caller may have no portal user yet, so there is no one to act as: Impersonate-User is refused.
 */
export async function resolveIdentity(request: FastifyRequest, verifier: TokenVerifier): Promise<VerifiedToken> {
  const verified = await verifier.verify(bearerToken(request), { fresh: true });
  if (request.headers[impersonateHeader] !== undefined) {
    throw impersonationForbidden();
  }
  return verified;
}

function bearerToken(request: FastifyRequest): string {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw unauthenticated('Sign in first: send the ID token as "Authorization: Bearer <token>".');
  return token;
}

export async function resolveCaller(
  request: FastifyRequest,
  access: AccessMode,
  deps: CallerDependencies,
  onImpersonationAttempt: (attempt: ImpersonationAttempt) => void,
): Promise<Caller> {
  const token = bearerToken(request);
  if (isImpersonationToken(token))
    return resolveImpersonationCaller(request, token, access, deps, onImpersonationAttempt);
  const verified = await deps.verifier.verify(token, { fresh: access !== 'read' });
  // Only an accepted invitation links an identity: a sign-in with an address alone finds nothing.
  const signedIn =
    access === 'read' ? await cachedUser(deps, verified.uid) : await findUserByUid(deps.db, verified.uid);
  if (!signedIn) throw forbidden('This account has no access to the portal.');
  if (!signedIn.is_active) throw disabledUser();
  const partnerCap = await partnerCapOf(deps.db, signedIn, verified);
  const lookup = deps.signInRules.check(signedIn, verified, token);
  if (lookup) await lookup;

  const header = request.headers[impersonateHeader];
  if (header === undefined)
    return {
      user: signedIn,
      signedIn,
      token: verified,
      impersonating: false,
      partnerCap,
      scopeNode: sessionNode(signedIn, verified),
    };
  // an ID token is no master key. Acting as a user needs an impersonation token
  // (POST /api/auth/v1/impersonation/); the attempt is still written to the audit.
  onImpersonationAttempt({ callerUserId: signedIn.id, targetEmail: Array.isArray(header) ? header.join(',') : header });
  throw new ApiError(
    403,
    API_ERROR_CODES.impersonationTokenRequired,
    `An ID token cannot act as another user: exchange it for an impersonation token and send that with ${IMPERSONATE_HEADER}.`,
  );
}

/** Reads may use a row at most `userCacheMs` old; writes always read the row afresh. */
async function cachedUser(deps: CallerDependencies, uid: string): Promise<PortalUser | null> {
  const cached = deps.usersByUid.get(uid);
  if (cached) return cached;
  const user = await findUserByUid(deps.db, uid);
  if (user && deps.userCacheMs > 0) deps.usersByUid.set(uid, user, Date.now() + deps.userCacheMs);
  return user;
}
