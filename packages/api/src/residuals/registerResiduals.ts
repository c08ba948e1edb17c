// Residuals (issue #46): statements, closing a month and its changes since.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerResidualRunRoutes } from './residualRunRoutes.ts';
import { registerResidualStatementRoutes } from './residualStatementRoutes.ts';

export function registerResiduals(app: FastifyInstance, deps: RouteDeps): void {
  registerResidualStatementRoutes(app, deps);
  registerResidualRunRoutes(app, deps);
}
