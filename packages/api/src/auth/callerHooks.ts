// Runs resolveCaller before every route that declares `config.access`, and writes the impersonation
// audit row before the answer leaves (no audit row, no answer).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordImpersonation } from '../data/impersonationAudit.ts';
import type { Database } from '../db/database.ts';
import { DatabaseUnavailableError } from '../errors/apiError.ts';
import type { WarehouseUser } from '@payportal/shared';
import { resolveCaller, type Caller, type CallerDependencies, type ImpersonationAttempt, type RouteAccess } from './callerContext.ts';
import { createExpiringCache } from './expiringCache.ts';
import type { TokenVerifier } from './verifyToken.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes with an access level need a verified bearer token. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller | null;
    impersonationAttempt: ImpersonationAttempt | null;
  }
}

export function registerCallerHooks(app: FastifyInstance, options: { db: Database; verifier: TokenVerifier; userCacheMs: number }): void {
  const deps: CallerDependencies = { ...options, usersByUid: createExpiringCache<WarehouseUser>(10_000) };
  app.decorateRequest('caller', null);
  app.decorateRequest('impersonationAttempt', null);

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    request.caller = await resolveCaller(request, access, deps, (attempt) => {
      request.impersonationAttempt = attempt;
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A write may change any user's row (an owner deactivating a colleague, issue #7): the next read in
    // this process reads every user afresh. Writes are rare; the cache exists for bursts of reads.
    if (request.caller && request.routeOptions.config.access !== 'read') deps.usersByUid.clear();
    const attempt = request.impersonationAttempt;
    if (!attempt) return payload;
    try {
      await recordImpersonation(deps.db, { ...attempt, method: request.method, path: request.url.split('?')[0]!, status: reply.statusCode });
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
