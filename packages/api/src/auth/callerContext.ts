// Who is calling (DESIGN.md §4): the verified token's portal user, or, for support staff sending
// Impersonate-User, the user they act as. Every route's checks run against `caller.user`.
import { API_ERROR_CODES, emailSchema, IMPERSONATE_HEADER, type PlatformPermission, type RoleName, type WarehouseUser } from '@payportal/shared';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { AccessMode } from './routeAccess.ts';
import { ApiError, disabledUser, forbidden, notFound, unauthenticated } from '../errors/apiError.ts';
import { platformPermissionsOf } from '../data/roleRepository.ts';
import { findUserByEmail, findUserByUid } from '../data/userRepository.ts';
import type { ExpiringCache } from './expiringCache.ts';
import type { TokenVerifier, VerifiedToken } from './verifyToken.ts';

export interface Caller {
  /** The user every check runs as. */
  user: WarehouseUser;
  /** The token's own user: the same as `user` unless impersonating. */
  signedIn: WarehouseUser;
  token: VerifiedToken;
  /** The signed-in user's platform permissions; loaded only when impersonating. */
  platformPermissions: PlatformPermission[];
  impersonating: boolean;
  /** The acting user's roles and the roles they may grant, set on routes that declare roles (callerHooks.ts). */
  roles?: RoleName[];
  assignable?: RoleName[];
}

export interface ImpersonationAttempt {
  callerUserId: number;
  targetEmail: string;
}

const BEARER = /^Bearer ([\w.~+/=-]+)$/;
const impersonateHeader = IMPERSONATE_HEADER.toLowerCase();

export interface CallerDependencies {
  db: Database;
  verifier: TokenVerifier;
  /** Signed-in users by uid, for reads only (see README "Caches"). */
  usersByUid: ExpiringCache<WarehouseUser>;
  userCacheMs: number;
}

/**
 * A route declared `IDENTITY` (accepting an invitation): the verified token alone, checked afresh. Its
 * caller may have no portal user yet, so there is no one to act as: Impersonate-User is refused.
 */
export async function resolveIdentity(request: FastifyRequest, verifier: TokenVerifier): Promise<VerifiedToken> {
  const verified = await verifyBearer(request, verifier, true);
  if (request.headers[impersonateHeader] !== undefined) {
    throw new ApiError(403, API_ERROR_CODES.impersonationForbidden, 'This cannot be done while acting as another user.');
  }
  return verified;
}

async function verifyBearer(request: FastifyRequest, verifier: TokenVerifier, fresh: boolean): Promise<VerifiedToken> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw unauthenticated('Sign in first: send the ID token as "Authorization: Bearer <token>".');
  return verifier.verify(token, { fresh });
}

export async function resolveCaller(
  request: FastifyRequest,
  access: AccessMode,
  deps: CallerDependencies,
  onImpersonationAttempt: (attempt: ImpersonationAttempt) => void,
): Promise<Caller> {
  const verified = await verifyBearer(request, deps.verifier, access !== 'read');
  // Only an accepted invitation links an identity (issue #19 item 6): a sign-in with an address alone finds nothing.
  const signedIn = access === 'read' ? await cachedUser(deps, verified.uid) : await findUserByUid(deps.db, verified.uid);
  if (!signedIn) throw forbidden('This account has no access to the portal.');
  if (!signedIn.is_active) throw disabledUser();

  const header = request.headers[impersonateHeader];
  if (header === undefined) return { user: signedIn, signedIn, token: verified, platformPermissions: [], impersonating: false };

  const targetEmail = Array.isArray(header) ? header.join(',') : header;
  onImpersonationAttempt({ callerUserId: signedIn.id, targetEmail });
  const platformPermissions = await platformPermissionsOf(deps.db, signedIn.id);
  if (!platformPermissions.includes('support')) {
    throw new ApiError(403, API_ERROR_CODES.impersonationForbidden, 'Only support staff may act as another user.');
  }
  if (access === 'write' && !platformPermissions.includes('support_write')) {
    throw new ApiError(403, API_ERROR_CODES.impersonationReadOnly, 'Impersonated sessions are read-only without the support_write permission.');
  }
  const parsedEmail = emailSchema.safeParse(targetEmail);
  if (!parsedEmail.success) {
    throw new ApiError(400, API_ERROR_CODES.badRequest, `The ${IMPERSONATE_HEADER} header is not valid.`, [
      { field: IMPERSONATE_HEADER, problem: parsedEmail.error.issues[0]?.message ?? 'must be an e-mail address' },
    ]);
  }
  const user = await findUserByEmail(deps.db, parsedEmail.data);
  if (!user) throw notFound();
  if (!user.is_active) throw disabledUser();
  return { user, signedIn, token: verified, platformPermissions, impersonating: true };
}

/** Reads may use a row at most `userCacheMs` old; writes always read the row afresh. */
async function cachedUser(deps: CallerDependencies, uid: string): Promise<WarehouseUser | null> {
  const cached = deps.usersByUid.get(uid);
  if (cached) return cached;
  const user = await findUserByUid(deps.db, uid);
  if (user && deps.userCacheMs > 0) deps.usersByUid.set(uid, user, Date.now() + deps.userCacheMs);
  return user;
}
