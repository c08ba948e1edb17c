// The identity feature: users, roles and terms, and their routes. auth/ reads these repositories by path.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerRoleRoutes } from './roleRoutes.ts';
import { registerTermsRoutes } from './termsRoutes.ts';
import { registerUserRoutes } from './userRoutes.ts';

export function registerIdentity(app: FastifyInstance, deps: RouteDeps): void {
  registerUserRoutes(app, deps);
  registerTermsRoutes(app, deps);
  registerRoleRoutes(app, deps);
}
