// The organisation's portfolio hierarchy for its owner (README "Scoped books"): the tree with the size
// of each book and how many users see it; and for every caller, the book they see (the header's banner). The hierarchy lives in the analytics engine, so no engine: 503.
import type { AnalyticsEngine, PortfolioNodeRow } from '@payportal/analytics';
import {
  API_PATHS,
  callerBookSchema,
  orgParamsSchema,
  portfolioTreeSchema,
  type CallerBook,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { queryScope } from '../auth/callerScope.ts';
import { signedIn, withRole } from '../auth/routeAccess.ts';
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

/** The caller's book: their node's name, kind and merchants; null for the whole organisation. */
async function callerBook(
  analytics: AnalyticsEngine | null,
  orgId: number,
  code: string | null,
  today: string,
): Promise<CallerBook> {
  if (code === null) return { book: null };
  const node = (await organisationNodes(analytics, orgId, today)).nodes.find((row) => row.code === code);
  // A code the hierarchy no longer holds answers no merchant (never the whole organisation).
  if (!node) return { book: { code, name: code, kind: null, merchants: 0 } };
  return { book: { code, name: node.name, kind: node.kind, merchants: node.merchants } };
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
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.scope,
    {
      config: { access: signedIn('read', { impersonation: true }) },
      schema: {
        summary: 'The book the caller sees',
        description:
          'The portfolio node whose merchants the caller sees (their scope, or a partner session’s), with its name, kind and merchants; `book: null`: the whole organisation.',
        tags: ['organization users'],
        security: bearerSecurity,
        response: { 200: callerBookSchema, ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return callerBook(analytics, caller.user.org_id, caller.scopeNode, today());
    },
  );
}
