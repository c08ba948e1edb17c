// GET and POST /api/auth/v1/termsandconditions/: each user reads and answers only their own.
import {
  API_PATHS,
  termsCreateSchema,
  termsQuerySchema,
  termsRecordSchema,
  termsResponseSchema,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { signedIn } from '../auth/routeAccess.ts';
import { notFound } from '../errors/apiError.ts';
import { recordTerms, termsOf } from './termsRepository.ts';
import { bearerSecurity, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerTermsRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_PATHS.terms,
    {
      config: { access: signedIn('read', { impersonation: true }) },
      schema: {
        summary: "The caller's terms acceptance records (embedded terms: product_id 2)",
        description: 'Only for user_id = the caller; any other id: 404.',
        tags: ['terms'],
        security: bearerSecurity,
        querystring: termsQuerySchema,
        response: { 200: termsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      if (request.query.user_id !== user.id) throw notFound();
      return termsOf(db, user.id);
    },
  );

  routes.post(
    API_PATHS.terms,
    {
      config: { access: signedIn('write', { impersonation: true }) },
      schema: {
        summary: 'Accept or decline terms for yourself',
        description:
          'Only for user_id = the caller (revocation checked); the latest answer per product replaces the earlier one.',
        tags: ['terms'],
        security: bearerSecurity,
        body: termsCreateSchema,
        response: { 200: termsRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      if (request.body.user_id !== user.id) throw notFound();
      return recordTerms(db, request.body);
    },
  );
}
