// Residuals: statements and their files, the setup that prices them, closing a month and its changes since.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerResidualFileRoutes } from './residualFileRoutes.ts';
import { registerResidualRunRoutes } from './residualRunRoutes.ts';
import { registerResidualSetupRoute } from './residualSetupRoute.ts';
import { registerResidualStatementRoutes } from './residualStatementRoutes.ts';

export function registerResiduals(app: FastifyInstance, deps: RouteDeps): void {
  registerResidualStatementRoutes(app, deps);
  registerResidualRunRoutes(app, deps);
  registerResidualFileRoutes(app, deps);
  registerResidualSetupRoute(app, deps);
}
