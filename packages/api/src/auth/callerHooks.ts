// Enforces each route's declared access (routeAccess.ts) before validation: resolveCaller for every
// protected route, then its roles; and writes the impersonation audit row before the answer leaves
// (no audit row, no answer).
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { RoleName } from '@payportal/shared/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordImpersonation } from '../identity/impersonationAudit.ts';
import { roleNamesOf, type UserRoleNames } from '../identity/roleRepository.ts';
import type { PortalUser } from '../identity/userRepository.ts';
import type { Database } from '../db/database.ts';
import { ApiError, DatabaseUnavailableError, forbidden, impersonationForbidden } from '../errors/apiError.ts';
import { resolveCaller, resolveIdentity } from './callerContext.ts';
import type { Caller, CallerDependencies, ImpersonationAttempt } from './callerTypes.ts';
import { createExpiringCache } from './expiringCache.ts';
import type { ProtectedAccess } from './routeAccess.ts';
import type { SignInRules } from './signInRules.ts';
import type { TokenVerifier, VerifiedToken } from './verifyToken.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** The verified identity on routes declared IDENTITY, which may have no portal user yet. */
    identity: VerifiedToken | null;
    impersonationAttempt: ImpersonationAttempt | null;
  }
}

export function registerCallerHooks(
  app: FastifyInstance,
  options: { db: Database; verifier: TokenVerifier; signInRules: SignInRules; userCacheMs: number },
): void {
  const deps: CallerDependencies = { ...options, usersByUid: createExpiringCache<PortalUser>(10_000) };
  // A read may use the acting user's roles for USER_CACHE_MS, as it may use their row; writes read afresh.
  const rolesByUserId = createExpiringCache<UserRoleNames>(10_000);
  // Bumped by every clear: roles read before a write's clear are not stored after it.
  let rolesGeneration = 0;
  const rolesOf = async (userId: number, mode: ProtectedAccess['mode']): Promise<UserRoleNames> => {
    const cached = mode === 'read' ? rolesByUserId.get(String(userId)) : undefined;
    if (cached) return cached;
    const generation = rolesGeneration;
    const names = await roleNamesOf(deps.db, userId);
    if (options.userCacheMs > 0 && generation === rolesGeneration)
      rolesByUserId.set(String(userId), names, Date.now() + options.userCacheMs);
    return names;
  };
  app.decorateRequest('caller', null);
  app.decorateRequest('identity', null);
  app.decorateRequest('impersonationAttempt', null);

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.who === 'public') return;
    if (access.who === 'identity') {
      request.identity = await resolveIdentity(request, deps.verifier);
      return;
    }
    const caller = await resolveCaller(request, access.mode, deps, (attempt) => {
      request.impersonationAttempt = attempt;
    });
    if (caller.impersonating && !access.impersonation) {
      throw impersonationForbidden();
    }
    // Authenticate writes nothing for an impersonated user, so read-only sessions may call it.
    if (caller.impersonating && access.mode === 'write' && !caller.canWrite) {
      throw new ApiError(
        403,
        API_ERROR_CODES.impersonationReadOnly,
        'Impersonated sessions are read-only without the support_write permission.',
      );
    }
    if (access.who === 'signedIn') {
      request.caller = caller;
      return;
    }
    const { roles, assignable } = sessionRoles(await rolesOf(caller.user.id, access.mode), caller);
    requireRole(roles, access.who);
    request.caller = { ...caller, roles, assignable };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A write may change any user's row (an owner deactivating a colleague): the next read in
    // this process reads every user afresh. Writes are rare; the cache exists for bursts of reads.
    // An identity route's write (accepting an invitation) links a user: it empties the caches as well.
    // Authenticate, on every sign-in and page load, changes only the caller's own row (last login).
    const mode = request.caller ? (request.routeOptions.config.access as ProtectedAccess).mode : null;
    if (request.identity || mode === 'write') {
      deps.usersByUid.clear();
      rolesByUserId.clear();
      rolesGeneration++;
    } else if (mode === 'authenticate' && request.caller?.signedIn.firebase_uid) {
      deps.usersByUid.delete(request.caller.signedIn.firebase_uid);
    }
    const attempt = request.impersonationAttempt;
    if (!attempt) return payload;
    try {
      await recordImpersonation(deps.db, {
        ...attempt,
        method: request.method,
        path: request.url.split('?')[0]!,
        status: reply.statusCode,
      });
      return payload;
    } catch (error) {
      request.log.error({ err: error }, 'impersonation audit could not be written');
      const unavailable = new DatabaseUnavailableError('audit write failed');
      reply.code(unavailable.statusCode);
      return JSON.stringify({ error: { code: unavailable.code, message: unavailable.message } });
    }
  });
}

/** The caller of a route that declared `config.access` (set by the preValidation hook). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`route ${request.routeOptions.url} has no config.access`);
  return request.caller;
}

/** The verified identity of a route declared IDENTITY (set by the preValidation hook). */
export function identityOf(request: FastifyRequest): VerifiedToken {
  if (!request.identity) throw new Error(`route ${request.routeOptions.url} is not declared IDENTITY`);
  return request.identity;
}

/**
 * The roles this session acts with: a partner's session holds the user's roles within the partner's cap,
 * whatever its token said, and grants none (SECURITY.md #14). Every other session holds the user's own.
 */
export function sessionRoles(held: UserRoleNames, caller: Caller): UserRoleNames {
  if (caller.impersonating || caller.partnerCap === null) return held;
  const cap = caller.partnerCap;
  return { roles: held.roles.filter((role) => cap.includes(role)), assignable: [] };
}

/** Refuses with 403 a user whose roles include none of `needed`. */
export function requireRole(held: readonly RoleName[], needed: readonly RoleName[]): void {
  if (!needed.some((role) => held.includes(role))) throw forbidden(`This needs the ${needed.join(' or ')} role.`);
}
