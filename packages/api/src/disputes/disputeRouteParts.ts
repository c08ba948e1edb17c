// What every dispute desk route shares: who may call it, the caller as actor and scope, the engine's
// answers under admission, and the path's chargeback id (a malformed one answers 404 like another
// organisation's). `query` users read; `disputes` users and owners act and see the evidence.
import { callerScope } from '../auth/callerScope.ts';
import type { DisputeAnswer, DisputeQuestion } from '@payportal/analytics';
import { chargebackIdSchema } from '@payportal/shared/disputes';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { turnRequest } from '../admission/turnRequest.ts';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import { ApiError } from '../errors/apiError.ts';
import { bearerSecurity, describedError, requireAnalytics, analyticsErrors } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import type { DisputeActor } from './disputeRepository.ts';

/** The roles that act on disputes and see their evidence. */
export const DISPUTE_ACTING_ROLES = ['disputes', 'org_owner'] as const;
export const disputeReader = withRole(['query', ...DISPUTE_ACTING_ROLES], 'read', { impersonation: true });
export const disputeWriter = withRole([...DISPUTE_ACTING_ROLES], 'write', { impersonation: true });
/** Evidence files: only the roles that act see them. */
export const evidenceReader = withRole([...DISPUTE_ACTING_ROLES], 'read', { impersonation: true });

export const disputeErrors = {
  ...analyticsErrors,
  404: describedError('disputes/not-found: not a chargeback of the caller’s organisation, or not a chargeback id'),
};

export const disputeSchema = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['disputes'],
  security: bearerSecurity,
  ...extra,
});

/** The path's ids as text: checked by disputeIdOf, so a malformed one answers 404, not 400. */
export const disputePathSchema = z.object({ chargebackId: z.string() });
export const evidencePathSchema = z.object({ chargebackId: z.string(), evidenceId: z.string() });

export const disputeNotFound = () =>
  new ApiError(404, API_ERROR_CODES.disputesNotFound, 'This dispute does not exist in your organisation.');

export function disputeIdOf(text: string): number {
  const parsed = chargebackIdSchema.safeParse(text);
  if (!parsed.success) throw disputeNotFound();
  return parsed.data;
}

export function actorOf(request: FastifyRequest): DisputeActor {
  const { user, signedIn } = callerOf(request);
  return { orgId: user.org_id, userId: user.id, signedInUserId: signedIn.id };
}

/** Whether the caller acts on disputes (and so sees their evidence). */
export function canAct(request: FastifyRequest): boolean {
  const roles = callerOf(request).roles ?? [];
  return DISPUTE_ACTING_ROLES.some((role) => roles.includes(role));
}

/** The engine's answer to a desk question, in a turn of the `merchant` admission class (short lookups). */
export function askDisputes(
  { analytics, admission, config, today }: Pick<RouteDeps, 'analytics' | 'admission' | 'config' | 'today'>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const engine = requireAnalytics(analytics);
  return <Q extends DisputeQuestion>(question: Q): Promise<DisputeAnswer<Q>> =>
    admission.run(turnRequest(request, reply, 'merchant', config.ANALYTICS_TIMEOUT_MS), (timeoutMs) =>
      engine.disputes(question, callerScope(request, today()), {
        timeoutMs: timeoutMs ?? config.ANALYTICS_TIMEOUT_MS,
      }),
    );
}
