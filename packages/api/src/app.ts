// Builds the server without listening: tests inject requests, server.ts listens.
import { hostname } from 'node:os';
import rateLimit from '@fastify/rate-limit';
import type { AnalyticsEngine } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerCallerHooks } from './auth/callerHooks.ts';
import { PUBLIC, requireRouteAccess } from './auth/routeAccess.ts';
import { createSignInRules } from './auth/signInRules.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verifyToken.ts';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { guardDatabase } from './db/guardDatabase.ts';
import { ApiError } from './errors/apiError.ts';
import { admissionBudgets, createAdmission } from './admission/admission.ts';
import { redactDownloadTicket } from './downloads/downloadTickets.ts';
import { registerErrorHandler, sendApiError, sendFrameworkError } from './errors/errorHandler.ts';
import { createOrgIdentity, type OrgIdentity } from './organization/orgIdentity.ts';
import { registerOpenApi } from './http/openApiDocument.ts';
import type { RouteDeps, RouteGroup, WorkerDeps } from './http/routeDeps.ts';
import { localFileStore } from './storage/fileStore.ts';
import { startMailSender } from './mail/startMailSender.ts';
import { registerAppHost, wantsAppPage } from './web/appHost.ts';
import { registerJsonBodyParser } from './web/jsonBodyParser.ts';
import { registerSecurityHeaders } from './web/securityHeaders.ts';
import { registerAlerts, startAlertWorkers } from './alerts/registerAlerts.ts';
import { registerAnalytics } from './analytics/registerAnalytics.ts';
import { registerAuth } from './auth/registerAuth.ts';
import { registerDashboards } from './dashboards/registerDashboards.ts';
import { registerDev } from './dev/registerDev.ts';
import { disputeQueueSource, registerDisputes } from './disputes/index.ts';
import { registerDocuments, startDocumentGeneration } from './documents/registerDocuments.ts';
import { registerExports, startExportRunner } from './exports/registerExports.ts';
import { registerIdentity } from './identity/registerIdentity.ts';
import { registerInvites } from './invites/registerInvites.ts';
import { registerMerchants } from './merchants/registerMerchants.ts';
import { registerOptimizer } from './optimizer/registerOptimizer.ts';
import { registerOrganization } from './organization/registerOrganization.ts';
import { registerPartners } from './partners/registerPartners.ts';
import { registerResiduals, residualStatementSource } from './residuals/index.ts';
import { registerUploads, startUploadWorkers } from './uploads/registerUploads.ts';

/**
 * Every feature's routes, in one shape: each feature folder's register<Feature>.ts exports its `register`, and each
 * route in it declares its access (auth/routeAccess.ts).
 */
const FEATURES: readonly RouteGroup[] = [
  registerAuth,
  registerInvites,
  registerIdentity,
  registerOrganization,
  registerPartners,
  registerAnalytics,
  registerExports,
  registerDocuments,
  registerOptimizer,
  registerMerchants,
  registerDisputes,
  registerResiduals,
  registerDashboards,
  registerDev,
  registerUploads,
  registerAlerts,
];

/** In development, every answer names the process that made it. */
export const INSTANCE_HEADER = 'x-payportal-instance';

export interface AppDependencies {
  config: ApiConfig;
  db: Database;
  /** Defaults to firebase-admin for the configured project; the app closes the one it creates. */
  verifier?: TokenVerifier;
  /** Identity administration for the owner's routes; defaults to firebase-admin, closed with the app. */
  identity?: OrgIdentity;
  /** The analytics engine (server.ts opens it); without one the analytics routes answer 503. */
  analytics?: AnalyticsEngine;
  /** The caller's today (UTC) for analytics date presets; tests pin it. */
  today?: () => string;
  /** Where the log goes (standard output by default); tests read it to prove what is never logged. */
  logStream?: NodeJS.WritableStream;
  /** The clock of mail, alerts and subscriptions; tests move it. */
  now?: () => Date;
}

export async function createApp({
  config,
  db: rawDb,
  verifier,
  identity,
  analytics,
  today,
  logStream,
  now,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization'],
            // A download ticket is a credential for a minute: its URL is logged without it.
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: redactDownloadTicket(request.url),
                remoteAddress: request.ip,
              }),
            },
            ...(logStream && { stream: logStream }),
          },
    bodyLimit: 64 * 1024,
    // X-Forwarded-For only from the configured proxies: anyone else could pick their own rate-limit key.
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    frameworkErrors: sendFrameworkError,
  });
  // Before any route: a route that does not say who may call it stops the start.
  requireRouteAccess(app);
  const db = guardDatabase(rawDb, config.DATABASE_TIMEOUT_MS);
  const tokenVerifier = verifier ?? createTokenVerifier(config, { recheckMs: config.TOKEN_RECHECK_MS });
  if (!verifier) app.addHook('onClose', () => tokenVerifier.close());
  const orgIdentity = identity ?? createOrgIdentity(config);
  if (!identity) app.addHook('onClose', () => orgIdentity.close());

  // The app's HTML gets its own CSP (frame-ancestors from the partner origins) in appHost. No CORS
  // plugin on purpose: the app is served from the same origin, so other origins cannot read answers.
  registerSecurityHeaders(app);
  const instance = config.INSTANCE_NAME ?? `${hostname()}-${process.pid}`;
  if (config.NODE_ENV !== 'production') {
    // Which process answered, behind a proxy spreading requests (npm run start:scale); production keeps it to itself.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header(INSTANCE_HEADER, instance);
      done();
    });
  }
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, API_ERROR_CODES.rateLimited, `Too many sign-in attempts: try again in ${context.after}.`),
  });
  await registerOpenApi(app);
  const signInRules = createSignInRules({
    internal: { internalEmailDomains: config.INTERNAL_EMAIL_DOMAINS, internalEmails: config.INTERNAL_EMAILS },
    // The demo seed's password dates exist only in the development stack (SEED_DEMO, refused in production).
    passwordDates: config.SEED_DEMO
      ? (await import('./seed/demoPasswordDates.ts')).withDemoPasswordDates(tokenVerifier.passwordDates)
      : tokenVerifier.passwordDates,
  });
  registerCallerHooks(app, { db, verifier: tokenVerifier, signInRules, userCacheMs: config.USER_CACHE_MS });

  app.get('/healthz', { config: { access: PUBLIC } }, async () => {
    await db.query('select 1');
    return { status: 'ok' };
  });
  const todayOf = today ?? (() => new Date().toISOString().slice(0, 10));
  const workerDeps: WorkerDeps = {
    config,
    db,
    analytics: analytics ?? null,
    admission: createAdmission(admissionBudgets(config)),
    fileStore: localFileStore(config.DATA_DIR),
    today: todayOf,
    now: now ?? (() => new Date()),
    instance,
  };
  // The features' background workers start when the app is ready (listen, or a test's first inject)
  // and stop with it.
  const exportRunner = startExportRunner(app, workerDeps, {
    disputeQueue: disputeQueueSource,
    residualStatement: residualStatementSource,
  });
  startDocumentGeneration(app, workerDeps);
  const mailSender = startMailSender(app, workerDeps);
  const { alertScheduler, subscriptionJobs } = startAlertWorkers(app, { ...workerDeps, mailSender });
  const { uploadProcessor, uploadEnder } = startUploadWorkers(app, {
    ...workerDeps,
    onLoaded: (orgId) =>
      void alertScheduler
        ?.dataChanged(orgId)
        .catch((error: unknown) => app.log.warn({ err: error, orgId }, 'alert evaluation not queued')),
  });
  const deps: RouteDeps = {
    ...workerDeps,
    identity: orgIdentity,
    exportRunner,
    uploadProcessor,
    uploadEnder,
    mailSender,
    alertScheduler,
    subscriptionJobs,
  };
  for (const register of FEATURES) register(app, deps);
  const appPage = await registerAppHost(app, config);
  app.setNotFoundHandler((request, reply) => {
    if (appPage && wantsAppPage(request)) return appPage.send(reply);
    return sendApiError(
      reply,
      new ApiError(404, API_ERROR_CODES.notFound, `No route ${request.method} ${request.url.split('?')[0]}.`),
    );
  });
  return app;
}
