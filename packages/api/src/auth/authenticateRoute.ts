// POST /api/auth/v1/authenticate/: the bearer ID token → its linked portal user, signed in,
// with roles, organisation and terms in one round trip. Linking is not done here: an identity is linked
// only by accepting its invitation (inviteRoutes.ts).
import { EMBEDDED_TERMS_PRODUCT_ID } from '@payportal/shared/constants';
import {
  API_PATHS,
  authenticateResponseSchema,
  type AuthenticateResponse,
  type WarehouseUser,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { callerOf, sessionRoles } from './callerHooks.ts';
import type { Caller } from './callerTypes.ts';
import { signedIn } from './routeAccess.ts';
import type { Database } from '../db/database.ts';
import { findOrganization } from '../organization/organizationRepository.ts';
import { platformPermissionsOf, roleNamesOf } from '../identity/roleRepository.ts';
import { termsOf } from '../identity/termsRepository.ts';
import { mergeUserConfig } from '../identity/userRepository.ts';
import { bearerSecurity, describedError, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerAuthenticateRoute(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.authenticate,
    {
      config: {
        access: signedIn('authenticate', { impersonation: true }),
        rateLimit: { max: config.AUTHENTICATE_RATE_LIMIT, timeWindow: '1 minute' },
      },
      schema: {
        summary: 'Sign in to the portal with a Firebase ID token',
        description:
          'Verifies the bearer ID token (revocation checked), finds the portal user linked to the identity (linked only by accepting an invitation: POST /api/auth/v1/invites/accept; an identity without one gets 403 api/forbidden, whatever its e-mail), records config.last_logged_in, and answers the user, roles, organisation and terms. With Impersonate-User (support staff) it answers the impersonated user and writes nothing but the audit row. Rate limited per client address.',
        tags: ['session'],
        security: bearerSecurity,
        response: { 200: authenticateResponseSchema, 429: describedError('api/rate-limited'), ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.impersonating) {
        return describeSession(db, caller, caller.user, {
          platformPermissions: caller.platformPermissions,
          impersonatedBy: caller.signedIn.email,
        });
      }
      // caller.user was read afresh for this call (authenticate mode never uses the read cache).
      const user = await mergeUserConfig(db, caller.user.id, {
        last_logged_in: new Date().toISOString(),
        email_verified: caller.token.emailVerified,
      });
      return describeSession(db, caller, user, {
        platformPermissions: platformPermissionsOf(db, user.id),
        impersonatedBy: null,
      });
    },
  );
}

async function describeSession(
  db: Database,
  caller: Caller,
  user: WarehouseUser,
  session: {
    platformPermissions:
      AuthenticateResponse['platform_permissions'] | Promise<AuthenticateResponse['platform_permissions']>;
    impersonatedBy: string | null;
  },
): Promise<z.input<typeof authenticateResponseSchema>> {
  const [roles, organization, terms, platformPermissions] = await Promise.all([
    roleNamesOf(db, user.id).then((held) => sessionRoles(held, caller)),
    findOrganization(db, user.org_id),
    termsOf(db, user.id),
    session.platformPermissions,
  ]);
  return {
    user,
    roles: roles.roles,
    assignable_roles: roles.assignable,
    organization: organization!,
    embedded_terms_accepted: terms.some(
      (record) => record.product_id === EMBEDDED_TERMS_PRODUCT_ID && record.acceptance_status,
    ),
    platform_permissions: platformPermissions,
    impersonated_by: session.impersonatedBy,
    scoped: caller.scopeNode !== null,
  };
}
