// POST /api/auth/v1/impersonation/: support staff exchange their own ID token for an
// impersonation token bound to them and one user (src/auth/impersonationTokens.ts). The exchange is
// written to impersonation_audit like every impersonated request, refused ones included.
import { API_PATHS, impersonationRequestSchema, impersonationResponseSchema } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from './callerHooks.ts';
import { issueImpersonationToken } from './impersonationTokens.ts';
import { signedIn } from './routeAccess.ts';
import { bearerSecurity, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerImpersonationRoute(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.impersonation,
    {
      // A write: the ID token's revocation is checked now. An impersonation token cannot mint another.
      config: { access: signedIn('write', { impersonation: false }) },
      schema: {
        summary: 'Exchange a support user’s ID token for an impersonation token',
        description:
          'For platform support staff only (else 403 api/impersonation-forbidden). The target must be an active portal user (404, 403 disabled) who is not support staff. Answers an opaque token valid for IMPERSONATION_TOKEN_TTL_MS (at most 15 minutes), bound to the caller and the target, read-only unless the caller holds support_write. Impersonated requests send it as the bearer with Impersonate-User naming the target. Written to the impersonation audit.',
        tags: ['session'],
        security: bearerSecurity,
        body: impersonationRequestSchema,
        response: { 201: impersonationResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // Written to the audit by the caller hooks with the answer's status (no audit row, no answer).
      request.impersonationAttempt = { callerUserId: caller.user.id, targetEmail: request.body.email };
      const issued = await issueImpersonationToken(db, {
        supportUser: caller.user,
        email: request.body.email,
        ttlMs: config.IMPERSONATION_TOKEN_TTL_MS,
        nowMs: Date.now(),
      });
      return reply.code(201).send(issued);
    },
  );
}
