// What every dashboard route shares: its tag, who may read and who may write, the
// caller as the dashboards see them, and one way to turn a repository's outcome into an answer.
// Everyone with the query role reads and copies; writes need the right to edit the dashboard (checked
// per row), and impersonating support staff need support_write (the caller hooks enforce it).
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import type { DashboardActor } from './dashboardActor.ts';
import { forbidden, notFound } from '../errors/apiError.ts';
import { bearerSecurity } from '../http/errorResponses.ts';

export const dashboardReader = withRole(['query'], 'read', { impersonation: true });
export const dashboardWriter = withRole(['query'], 'write', { impersonation: true });

export const dashboardSchema = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['dashboards'],
  security: bearerSecurity,
  ...extra,
});

export function actorOf(request: FastifyRequest): DashboardActor {
  const { user, signedIn, roles = [] } = callerOf(request);
  return { orgId: user.org_id, userId: user.id, signedInUserId: signedIn.id, isOrgOwner: roles.includes('org_owner') };
}

const NOT_EDITABLE = 'Only the dashboard’s creator or an organisation owner may change it.';

/** null → 404 (not the organisation's), 'forbidden' → 403, anything else is the answer. */
export function answerOf<T>(outcome: T | null | 'forbidden'): T {
  if (outcome === null) throw notFound();
  if (outcome === 'forbidden') throw forbidden(NOT_EDITABLE);
  return outcome;
}
