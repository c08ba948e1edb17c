// GET /api/auth/v1/user-role/?user_id= and GET /api/auth/v1/role/.
import {
  API_PATHS,
  rolesResponseSchema,
  userRolesQuerySchema,
  userRolesResponseSchema,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { signedIn } from '../auth/routeAccess.ts';
import { canSeeUser } from '../auth/canSeeUser.ts';
import { notFound } from '../errors/apiError.ts';
import { listRoles, userRoleLinks } from './roleRepository.ts';
import { findUserById } from './userRepository.ts';
import { bearerSecurity, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerRoleRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_PATHS.userRoles,
    {
      config: { access: signedIn('read', { impersonation: true }) },
      schema: {
        summary: "A user's role links",
        description: 'The caller themselves, or an org_owner for a user of the same organisation; anyone else: 404.',
        tags: ['roles'],
        security: bearerSecurity,
        querystring: userRolesQuerySchema,
        response: { 200: userRolesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      const target = request.query.user_id === user.id ? user : await findUserById(db, request.query.user_id);
      if (!target || !(await canSeeUser(db, callerOf(request), target))) throw notFound();
      return userRoleLinks(db, target.id);
    },
  );

  routes.get(
    API_PATHS.roles,
    {
      config: { access: signedIn('read', { impersonation: true }) },
      schema: {
        summary: 'Every role with the roles it may grant',
        tags: ['roles'],
        security: bearerSecurity,
        response: { 200: rolesResponseSchema, ...errorResponses },
      },
    },
    () => listRoles(db),
  );
}
