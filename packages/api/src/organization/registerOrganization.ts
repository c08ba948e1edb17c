// The organisation feature: the organisation and its users. auth/ reads these repositories by path;
// other features import from here only (eslint.config.js).
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerOrganizationRoutes } from './organizationRoutes.ts';
import { registerOrganizationUserRoutes } from './organizationUserRoutes.ts';
import { registerPortfolioRoutes } from './portfolioRoutes.ts';

export function registerOrganization(app: FastifyInstance, deps: RouteDeps): void {
  registerOrganizationRoutes(app, deps);
  registerOrganizationUserRoutes(app, deps);
  registerPortfolioRoutes(app, deps);
}
