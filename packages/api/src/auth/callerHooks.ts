// Runs resolveCaller before every route that declares `config.access`, and writes the impersonation
// audit row before the answer leaves (no audit row, no answer).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordImpersonation } from '../data/impersonationAudit.ts';
import type { Database } from '../db/database.ts';
import { DatabaseUnavailableError } from '../errors/apiError.ts';
import { resolveCaller, type Caller, type ImpersonationAttempt, type RouteAccess } from './callerContext.ts';
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

export function registerCallerHooks(app: FastifyInstance, deps: { db: Database; verifier: TokenVerifier }): void {
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
