// The organisation's portfolio hierarchy for its owner (README "Scoped books"): the tree with the size
// of each book and how many users see it. The hierarchy lives in the analytics engine, so no engine: 503.
import type { AnalyticsEngine, PortfolioNodeRow } from '@payportal/analytics';
import { orgParamsSchema, portfolioTreeSchema } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { queryScope } from '../auth/callerScope.ts';
import { withRole } from '../auth/routeAccess.ts';
import { notFound } from '../errors/apiError.ts';
import { bearerSecurity, errorResponses, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { portfolioTree } from './portfolioTree.ts';

/** The organisation's whole hierarchy (names and book sizes only), as the engine holds it now. */
export async function organisationNodes(
  analytics: AnalyticsEngine | null,
  orgId: number,
  today: string,
): Promise<{ nodes: PortfolioNodeRow[]; house: number }> {
  return requireAnalytics(analytics).merchants({ kind: 'portfolio' }, queryScope(orgId, null, today));
}

export function registerPortfolioRoutes(app: FastifyInstance, { db, analytics, today }: RouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/v1/organization/:orgId/portfolio',
    {
      config: { access: withRole(['org_owner'], 'read', { impersonation: true }) },
      schema: {
        summary: "The organisation's portfolio hierarchy",
        description:
          'Sub-ISOs and their agents as a tree, each with the merchants of its book (a sub-ISO: its agents’ books together) and the users scoped to it. Owner only; another organisation: 404.',
        tags: ['organization users'],
        security: bearerSecurity,
        params: orgParamsSchema,
        response: { 200: portfolioTreeSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (callerOf(request).user.org_id !== request.params.orgId) throw notFound();
      return portfolioTree(db, request.params.orgId, await organisationNodes(analytics, request.params.orgId, today()));
    },
  );
}
