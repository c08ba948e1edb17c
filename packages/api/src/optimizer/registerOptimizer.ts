// The revenue optimizer feature: simulations, the P&L, and saved scenarios. Other features import from
// here only (eslint.config.js).
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerOptimizerRoutes } from './optimizerRoutes.ts';
import { registerOptimizerScenarioRoutes } from './optimizerScenarioRoutes.ts';

export function registerOptimizer(app: FastifyInstance, deps: RouteDeps): void {
  registerOptimizerRoutes(app, deps);
  registerOptimizerScenarioRoutes(app, deps);
}
