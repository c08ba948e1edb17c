// The dashboards feature: dashboards and their charts.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerChartRoutes } from './chartRoutes.ts';
import { registerDashboardRoutes } from './dashboardRoutes.ts';

export function registerDashboards(app: FastifyInstance, deps: RouteDeps): void {
  registerDashboardRoutes(app, deps);
  registerChartRoutes(app, deps);
}
