// What every export route shares: its tag, who may read and who may write, and the caller
// as the exports see them. Reads allow impersonating support staff; writes need support_write (the
// caller hooks enforce it).
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import type { DefinitionViewer } from './definitionRepository.ts';
import { bearerSecurity } from '../http/errorResponses.ts';

export const exportReader = withRole(['query'], 'read', { impersonation: true });
export const exportWriter = withRole(['query'], 'write', { impersonation: true });
/**
 * Following one's own runs (the list, one run, cancel, the download ticket, the limits): runs are their
 * runner's own, and revenue_optimizer users run the merchant P&L's export, disputes users and org owners
 * the dispute queue's, residuals admins a residual statement's, without holding the query role.
 */
const RUNNERS = ['query', 'revenue_optimizer', 'disputes', 'org_owner', 'residuals_admin'] as const;
export const exportRunReader = withRole(RUNNERS, 'read', { impersonation: true });
export const exportRunWriter = withRole(RUNNERS, 'write', { impersonation: true });

/** A route's OpenAPI schema under the exports tag. */
export const exportSchema = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['exports'],
  security: bearerSecurity,
  ...extra,
});

/** The verified caller's organisation and standing; never anything the request names. */
export function viewerOf(request: FastifyRequest): DefinitionViewer {
  const { user, roles = [] } = callerOf(request);
  return { userId: user.id, orgId: user.org_id, isOrgOwner: roles.includes('org_owner') };
}
