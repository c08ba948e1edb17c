// Builds the server without listening (DESIGN.md §7): tests inject requests, server.ts listens.
import type { AnalyticsEngine } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTokenVerifier, type TokenVerifier } from './auth/verifyToken.ts';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { guardDatabase } from './db/guardDatabase.ts';
import { registerCodeInbox } from './dev/codeInboxRoute.ts';
import { ApiError } from './errors/apiError.ts';
import { registerErrorHandler, sendApiError } from './errors/errorHandler.ts';
import { registerAnalyticsRoutes } from './routes/analyticsRoutes.ts';
import { registerOrganizationUserRoutes } from './routes/organizationUserRoutes.ts';
import { registerPortalRoutes } from './routes/registerPortalRoutes.ts';
import { registerAppHost, wantsAppPage } from './web/appHost.ts';
import { registerSecurityHeaders } from './web/securityHeaders.ts';

export interface AppDependencies {
  config: ApiConfig;
  db: Database;
  /** Defaults to firebase-admin for the configured project; the app closes the one it creates. */
  verifier?: TokenVerifier;
  /** The analytics engine (server.ts opens it); without one the analytics routes answer 503. */
  analytics?: AnalyticsEngine;
}

export async function createApp({ config, db: rawDb, verifier, analytics }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    bodyLimit: 64 * 1024,
    trustProxy: config.NODE_ENV === 'production',
  });
  const db = guardDatabase(rawDb, config.DATABASE_TIMEOUT_MS);
  const tokenVerifier = verifier ?? createTokenVerifier(config);
  if (!verifier) app.addHook('onClose', () => tokenVerifier.close());

  // The app's HTML gets its own CSP (frame-ancestors from the partner origins) in appHost. No CORS
  // plugin on purpose: the app is served from the same origin, so other origins cannot read answers.
  registerSecurityHeaders(app);
  registerErrorHandler(app);

  app.get('/healthz', async () => {
    await db.query('select 1');
    return { status: 'ok' };
  });

  await registerPortalRoutes(app, {
    db,
    verifier: tokenVerifier,
    authenticateRateLimitPerMinute: config.AUTHENTICATE_RATE_LIMIT,
    userCacheMs: config.USER_CACHE_MS,
  });
  registerOrganizationUserRoutes(app, { db, config });
  registerAnalyticsRoutes(app, { db, engine: analytics ?? null, timeoutMs: config.ANALYTICS_TIMEOUT_MS });
  if (config.FIREBASE_AUTH_EMULATOR_HOST) registerCodeInbox(app, config.FIREBASE_AUTH_EMULATOR_HOST, config.FIREBASE_PROJECT_ID);
  const appPage = await registerAppHost(app, config);
  app.setNotFoundHandler((request, reply) => {
    if (appPage && wantsAppPage(request)) return appPage.send(reply);
    return sendApiError(reply, new ApiError(404, API_ERROR_CODES.notFound, `No route ${request.method} ${request.url.split('?')[0]}.`));
  });
  return app;
}
