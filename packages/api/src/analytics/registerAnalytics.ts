// The analytics feature: the query routes (one question, or a batch streamed back) over the engine.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerAnalyticsRoutes } from './analyticsRoutes.ts';
import { registerQueryBatchRoute } from './queryBatchRoute.ts';

export function registerAnalytics(app: FastifyInstance, deps: RouteDeps): void {
  registerAnalyticsRoutes(app, deps);
  registerQueryBatchRoute(app, deps);
}
