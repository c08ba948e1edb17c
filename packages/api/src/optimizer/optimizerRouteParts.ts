// What every revenue optimizer route shares: its tag, who may call it, and the engine.
// Only revenue_optimizer users reach the optimizer, not org owners by default: makes the role the
// mark of the embedded user the screen is for, and the app's embedded guard sends everyone else home,
// so an owner who wants it assigns themself the role (an audited, visible choice) rather than getting a
// second, unguarded door. Reads allow impersonating support staff; writes need support_write.
import type { AnalyticsEngine, OptimizerAnswer, OptimizerQuestion, QueryScope } from '@payportal/analytics';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admission } from '../admission/admission.ts';
import { turnRequest } from '../admission/turnRequest.ts';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import type { ScenarioActor } from './scenarioRepository.ts';
import { bearerSecurity, requireAnalytics } from '../http/errorResponses.ts';

export const optimizerReader = withRole(['revenue_optimizer'], 'read', { impersonation: true });
export const optimizerWriter = withRole(['revenue_optimizer'], 'write', { impersonation: true });

export const optimizerSchema = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['optimizer'],
  security: bearerSecurity,
  ...extra,
});

export type Optimizing = Pick<AnalyticsEngine, 'optimize'>;

/** The engine's optimizer, or 503 analytics/unavailable when this server has no engine. */
export function requireOptimizer(analytics: AnalyticsEngine | null): Optimizing {
  const engine = requireAnalytics(analytics);
  return { optimize: engine.optimize.bind(engine) };
}

/** The engine's optimizer (or 503 first), each answer in a turn of the optimizer class (admission.ts), limited from the request's arrival. */
export function optimizerInTurn(
  analytics: AnalyticsEngine | null,
  admission: Admission,
  request: FastifyRequest,
  reply: FastifyReply,
  timeoutMs: number,
) {
  const { optimize } = requireOptimizer(analytics);
  return <Q extends OptimizerQuestion>(question: Q, scope: QueryScope): Promise<OptimizerAnswer<Q>> =>
    admission.run(turnRequest(request, reply, 'optimizer', timeoutMs), (left) =>
      optimize(question, scope, { timeoutMs: left }),
    );
}

/** The verified caller as the optimizer sees them; never anything the request names. */
export function actorOf(request: FastifyRequest): ScenarioActor {
  const { user, signedIn } = callerOf(request);
  return { orgId: user.org_id, userId: user.id, signedInUserId: signedIn.id };
}
