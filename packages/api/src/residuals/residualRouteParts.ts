// What every residuals route shares (README "Residuals"): who may call it, the month's check, the
// engine's answers under admission in the caller's scope, and a month's data live or frozen.
// Readers: residuals_admin and owners (the organisation, or their own book when scoped), and `query`
// users scoped to a book (their own statements). Closing: residuals_admin alone.
import type { NodeStatement, ResidualMonth, ResidualsAnswer, ResidualsQuestion } from '@payportal/analytics';
import { readsResiduals } from '@payportal/shared/residuals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { turnRequest } from '../admission/turnRequest.ts';
import { callerOf } from '../auth/callerHooks.ts';
import { callerScope } from '../auth/callerScope.ts';
import { withRole } from '../auth/routeAccess.ts';
import { analyticsErrors, bearerSecurity, describedError, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { RESIDUAL_REFUSALS } from './residualRefusals.ts';
import { closedMonthOf, type ClosedMonth } from './residualRunRepository.ts';
import { statementIn } from './statementIn.ts';

export const residualsReader = withRole(['residuals_admin', 'org_owner', 'query'], 'read', { impersonation: true });
export const residualsCloser = withRole(['residuals_admin'], 'write', { impersonation: true });
export const residualsAdminReader = withRole(['residuals_admin', 'org_owner'], 'read', { impersonation: true });

export const residualErrors = {
  ...analyticsErrors,
  400: describedError('api/bad-request, or residuals/month-open: the running or a later month'),
  404: describedError('residuals/not-found: a node outside the caller’s book or organisation; a month never closed'),
};

export const residualSchema = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['residuals'],
  security: bearerSecurity,
  ...extra,
});

/** A `query` user reads only their own book's statements: unscoped, they are refused. */
export function checkReader(request: FastifyRequest): void {
  const { roles = [], scopeNode } = callerOf(request);
  if (!readsResiduals(roles, scopeNode)) throw RESIDUAL_REFUSALS.notReader();
}

/** The month must be complete: before the caller's running month. */
export function checkComplete(month: string, today: string): void {
  if (month >= today.slice(0, 7)) throw RESIDUAL_REFUSALS.open(month);
}

export function actorOf(request: FastifyRequest) {
  const { user, signedIn } = callerOf(request);
  return { orgId: user.org_id, userId: user.id, signedInUserId: signedIn.id };
}

/** The engine's answer in the caller's scope, in a turn of `kind` (a statement is short; a whole month is heavy). */
export function askResiduals(
  { analytics, admission, config, today }: Pick<RouteDeps, 'analytics' | 'admission' | 'config' | 'today'>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const engine = requireAnalytics(analytics);
  return <Q extends ResidualsQuestion>(question: Q): Promise<ResidualsAnswer<Q>> =>
    admission.run(
      turnRequest(request, reply, question.kind === 'month' ? 'heavy' : 'merchant', config.ANALYTICS_TIMEOUT_MS),
      (timeoutMs) =>
        engine.residuals(question, callerScope(request, today()), {
          timeoutMs: timeoutMs ?? config.ANALYTICS_TIMEOUT_MS,
        }),
    );
}

/** The month's run and its frozen data when it is closed; null run while it is open. */
export const closedMonth = (
  deps: Pick<RouteDeps, 'db'>,
  request: FastifyRequest,
  month: string,
): Promise<ClosedMonth | null> => closedMonthOf(deps.db, actorOf(request).orgId, month);

/** The month computed now, for an unscoped caller (an empty month when the organisation has no data). */
export async function liveMonth(ask: ReturnType<typeof askResiduals>, month: string): Promise<ResidualMonth> {
  return (
    (await ask({ kind: 'month', month })) ?? { month, nodes: [], lines: [], adjustments: [], schedules: [], splits: [] }
  );
}

/** The node's statement of the month, frozen (`closed`) or live; 404 outside the caller's book. */
export async function statementFor(
  deps: Pick<RouteDeps, 'analytics' | 'admission' | 'config' | 'today'>,
  request: FastifyRequest,
  reply: FastifyReply,
  { month, node }: { month: string; node: string },
  closed: ClosedMonth | null,
): Promise<NodeStatement> {
  const statement = await statementIn(
    closed,
    () => askResiduals(deps, request, reply)({ kind: 'statement', month, node }),
    { month, node, scopeNode: callerOf(request).scopeNode },
  );
  if (!statement) throw RESIDUAL_REFUSALS.notFound();
  return statement;
}
