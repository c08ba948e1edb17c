// The merchants feature: a merchant's answers and its cases.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerMerchantCaseRoutes } from './merchantCaseRoutes.ts';
import { registerMerchantRoutes } from './merchantRoutes.ts';

export function registerMerchants(app: FastifyInstance, deps: RouteDeps): void {
  registerMerchantRoutes(app, deps);
  registerMerchantCaseRoutes(app, deps);
}
