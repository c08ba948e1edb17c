// Signing in and impersonation. The rest of auth/ (the caller hooks, route access, tokens) is shared by
// every feature and imported by path.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerAuthenticateRoute } from './authenticateRoute.ts';
import { registerImpersonationRoute } from './impersonationRoute.ts';

export function registerAuth(app: FastifyInstance, deps: RouteDeps): void {
  registerAuthenticateRoute(app, deps);
  registerImpersonationRoute(app, deps);
}
