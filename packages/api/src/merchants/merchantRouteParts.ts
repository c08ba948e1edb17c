// What every merchant-level route shares: who may call it, the engine, and the merchant of
// the path looked up in the caller's organisation (another organisation's merchant answers 404).
// Query users read; writes (cases) need the query role too, and impersonating support staff need
// support_write for them (the caller hooks enforce it).
import { callerScope } from '../auth/callerScope.ts';
import type { AnalyticsEngine, MerchantAnswer, MerchantQuestion, QueryScope } from '@payportal/analytics';
import type { MerchantHeader } from '@payportal/shared/merchants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { turnRequest } from '../admission/turnRequest.ts';
import { withRole } from '../auth/routeAccess.ts';
import { notFound } from '../errors/apiError.ts';
import { actorOf } from '../optimizer/index.ts';
import { bearerSecurity, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export const merchantReader = withRole(['query'], 'read', { impersonation: true });
export const merchantWriter = withRole(['query'], 'write', { impersonation: true });

export const merchantSchema = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['merchants'],
  security: bearerSecurity,
  ...extra,
});

export interface MerchantEngine {
  engine: AnalyticsEngine;
  ask<Q extends MerchantQuestion>(question: Q, scope: QueryScope): Promise<MerchantAnswer<Q>>;
}

/**
 * The engine with its merchant questions, or 503 analytics/unavailable when this server has no engine.
 * Each question takes a turn of the `merchant` class for the caller (admission.ts), its time limit counted
 * from the request's arrival.
 */
export function requireMerchantEngine(
  { analytics, admission, config }: Pick<RouteDeps, 'analytics' | 'admission' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
): MerchantEngine {
  const engine = requireAnalytics(analytics);
  const turn = () => turnRequest(request, reply, 'merchant', config.ANALYTICS_TIMEOUT_MS);
  return {
    engine,
    ask: (question, scope) =>
      admission.run(turn(), (timeoutMs) =>
        engine.merchants(question, scope, { timeoutMs: timeoutMs ?? config.ANALYTICS_TIMEOUT_MS }),
      ),
  };
}

/** The caller's scope (callerScope.ts): the verified caller's organisation and book, never the request's. */
export const scopeOf = callerScope;

/** The path's merchant in the caller's organisation, or 404. */
export async function merchantOf(
  merchants: MerchantEngine,
  scope: QueryScope,
  merchantId: number,
): Promise<MerchantHeader> {
  return (await merchants.ask({ kind: 'header', merchantId }, scope)) ?? Promise.reject(notFound());
}

export { actorOf };
