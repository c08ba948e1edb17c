// POST /api/auth/v1/invites/accept: the sign-up screen links the identity it has just
// created to its invitation, with the secret of the sign-up link. The only route whose caller may have
// no portal user yet (declared IDENTITY).
import { acceptInviteSchema, API_PATHS } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityOf } from '../auth/callerHooks.ts';
import { IDENTITY } from '../auth/routeAccess.ts';
import { acceptInvite } from './acceptInvite.ts';
import { bearerSecurity, describedError, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerInviteRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.acceptInvite,
    {
      // Rate limited like sign-ins: a secret cannot be guessed, but nobody needs many tries.
      config: { access: IDENTITY, rateLimit: { max: config.AUTHENTICATE_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        summary: 'Accept an invitation with the secret of its sign-up link',
        description:
          "Any verified ID token (revocation checked), also one without a portal user and with an e-mail not yet verified: the sign-up screen calls it right after creating the identity. Links the identity to the invited user when the secret belongs to an open (unused, unexpired) invitation of an active user with the identity's own e-mail and the identity is linked to no portal user yet; the secret is then cleared (single use). Any other case: 403 `api/invite-refused`, one answer for every reason. Impersonate-User is refused. Rate limited per client address.",
        tags: ['session'],
        security: bearerSecurity,
        body: acceptInviteSchema,
        response: {
          204: z.null().describe('Accepted: the identity is linked; sign in as usual once the e-mail is verified'),
          ...errorResponses,
          403: describedError(
            'api/invite-refused, or api/impersonation-forbidden with Impersonate-User, or disabled for a disabled identity',
          ),
          429: describedError('api/rate-limited'),
        },
      },
    },
    async (request, reply) => {
      await acceptInvite(db, identityOf(request), request.body.invite);
      return reply.code(204).send(null);
    },
  );
}
