// GET /api/auth/v1/organization/{id}: members of that organisation only.
import { organizationParamsSchema, organizationResponseSchema } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { signedIn } from '../auth/routeAccess.ts';
import { notFound } from '../errors/apiError.ts';
import { findOrganization } from './organizationRepository.ts';
import { bearerSecurity, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerOrganizationRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/v1/organization/:id',
    {
      config: { access: signedIn('read', { impersonation: true }) },
      schema: {
        summary: "The caller's organisation",
        description: 'Only for members of that organisation; any other id: 404.',
        tags: ['organizations'],
        security: bearerSecurity,
        params: organizationParamsSchema,
        response: { 200: organizationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      const organization = request.params.id === user.org_id ? await findOrganization(db, user.org_id) : null;
      if (!organization) throw notFound();
      return organization;
    },
  );
}
