// GET /api/auth/v1/user/?email= and PUT /api/auth/v1/user/{id}.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  API_PATHS,
  normalizeEmail,
  userParamsSchema,
  usersQuerySchema,
  usersResponseSchema,
  userUpdateResponseSchema,
  userUpdateSchema,
  type WarehouseUser,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { callerOf } from '../auth/callerHooks.ts';
import { signedIn } from '../auth/routeAccess.ts';
import { canSeeUser } from '../auth/canSeeUser.ts';
import { ApiError, forbidden, notFound } from '../errors/apiError.ts';
import { findOrgUserByEmail, findUserById, mergeUserConfig, renameUser } from './userRepository.ts';
import { bearerSecurity, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerUserRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_PATHS.users,
    {
      config: { access: signedIn('read', { impersonation: true }) },
      schema: {
        summary: 'The portal user with this e-mail',
        description:
          'The caller themselves; an org_owner also sees the users of their own organisation. Anyone else: 404.',
        tags: ['users'],
        security: bearerSecurity,
        querystring: usersQuerySchema,
        response: { 200: usersResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      // Only the caller's own organisation is searched: whom the caller may see is there, and an address
      // used in another organisation as well must not hide this organisation's user.
      const target =
        request.query.email === user.email ? user : await findOrgUserByEmail(db, user.org_id, request.query.email);
      if (!target || !(await canSeeUser(db, callerOf(request), target))) throw notFound();
      return [target];
    },
  );

  routes.put(
    '/api/auth/v1/user/:id',
    {
      config: { access: signedIn('write', { impersonation: true }) },
      schema: {
        summary: 'Change your own name and config.last_logged_in',
        description:
          'Only for the caller themselves (revocation checked). email, firebase_uid, org_id, is_active and config.email_verified may be sent but must equal the stored values.',
        tags: ['users'],
        security: bearerSecurity,
        params: userParamsSchema,
        body: userUpdateSchema,
        response: { 200: userUpdateResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      const { id } = request.params;
      if (id !== user.id) {
        const target = await findUserById(db, id);
        if (!target || !(await canSeeUser(db, callerOf(request), target))) throw notFound();
        throw forbidden('You can change only your own profile.');
      }
      const body = request.body;
      if (body.id !== undefined && body.id !== id) {
        throw new ApiError(
          400,
          API_ERROR_CODES.badRequest,
          'The body is not valid: id must match the id in the path.',
          [{ field: 'id', problem: 'must match the id in the path' }],
        );
      }
      const changed = protectedChanges(user, body);
      if (changed.length > 0) throw forbidden(`You cannot change ${changed.join(', ')}.`);
      return db.transaction(async (tx) => {
        const renamed = await renameUser(tx, id, body.name);
        const lastLoggedIn = body.config?.last_logged_in;
        return lastLoggedIn === undefined ? renamed : mergeUserConfig(tx, id, { last_logged_in: lastLoggedIn });
      });
    },
  );
}

/** never the org, roles, is_active or firebase_uid; the app sends them back unchanged. */
function protectedChanges(user: WarehouseUser, body: z.output<typeof userUpdateSchema>): string[] {
  const changed: string[] = [];
  if (body.email !== undefined && normalizeEmail(body.email) !== user.email) changed.push('email');
  if (body.firebase_uid !== undefined && body.firebase_uid !== user.firebase_uid) changed.push('firebase_uid');
  if (body.org_id !== undefined && body.org_id !== user.org_id) changed.push('org_id');
  if (body.is_active !== undefined && body.is_active !== user.is_active) changed.push('is_active');
  const emailVerified = body.config?.email_verified;
  if (emailVerified !== undefined && emailVerified !== (user.config.email_verified ?? false))
    changed.push('config.email_verified');
  return changed;
}
