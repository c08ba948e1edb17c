// The portal API of spec §7 plus the authenticate call, behind the caller hooks and the rate limit.
import rateLimit from '@fastify/rate-limit';
import { API_ERROR_CODES } from '@payportal/shared';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerCallerHooks } from '../auth/callerHooks.ts';
import type { TokenVerifier } from '../auth/verifyToken.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors/apiError.ts';
import { registerAuthenticateRoute } from './authenticateRoute.ts';
import { registerOpenApi } from './openApiDocument.ts';
import { registerOrganizationRoutes } from './organizationRoutes.ts';
import { registerRoleRoutes } from './roleRoutes.ts';
import { registerTermsRoutes } from './termsRoutes.ts';
import { registerUserRoutes } from './userRoutes.ts';

export interface PortalRouteOptions {
  db: Database;
  verifier: TokenVerifier;
  authenticateRateLimitPerMinute: number;
  userCacheMs: number;
}

export async function registerPortalRoutes(app: FastifyInstance, options: PortalRouteOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, API_ERROR_CODES.rateLimited, `Too many sign-in attempts: try again in ${context.after}.`),
  });
  await registerOpenApi(app);
  registerCallerHooks(app, options);
  registerAuthenticateRoute(app, options.db, options.authenticateRateLimitPerMinute);
  registerUserRoutes(app, options.db);
  registerTermsRoutes(app, options.db);
  registerRoleRoutes(app, options.db);
  registerOrganizationRoutes(app, options.db);
}
