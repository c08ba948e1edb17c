// Builds the server without listening: tests inject requests, server.ts listens.
import { hostname } from 'node:os';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { AnalyticsEngine } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerCallerHooks } from './auth/callerHooks.ts';
import { PUBLIC, requireRouteAccess } from './auth/routeAccess.ts';
import { createSignInRules } from './auth/signInRules.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verifyToken.ts';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { guardDatabase } from './db/guardDatabase.ts';
import { registerCodeInbox } from './dev/codeInboxRoute.ts';
import { ApiError } from './errors/apiError.ts';
import { generateLastMonthOnce } from './documents/generateAtStart.ts';
import { admissionBudgets, createAdmission } from './analytics/admission.ts';
import { createExportRunner } from './exports/exportRunner.ts';
import { redactDownloadTicket } from './downloads/downloadTickets.ts';
import { registerErrorHandler, sendApiError, sendFrameworkError } from './errors/errorHandler.ts';
import { createOrgIdentity, type OrgIdentity } from './organization/orgIdentity.ts';
import { registerAnalyticsRoutes } from './analytics/analyticsRoutes.ts';
import { registerQueryBatchRoute } from './analytics/queryBatchRoute.ts';
import { registerPartnerRoutes } from './partners/partnerRoutes.ts';
import { registerExportDefinitionRoutes } from './exports/exportDefinitionRoutes.ts';
import { registerDocumentFileRoutes } from './documents/documentFileRoutes.ts';
import { registerDocumentRoutes } from './documents/documentRoutes.ts';
import { registerDocumentUploadRoute } from './documents/documentUploadRoute.ts';
import { registerExportDownloadRoute } from './exports/exportDownloadRoute.ts';
import { registerExportJobRoutes } from './exports/exportJobRoutes.ts';
import { registerAuthenticateRoute } from './auth/authenticateRoute.ts';
import { registerImpersonationRoute } from './auth/impersonationRoute.ts';
import { registerInviteRoutes } from './invites/inviteRoutes.ts';
import { registerOpenApi } from './http/openApiDocument.ts';
import { registerOptimizerRoutes } from './optimizer/optimizerRoutes.ts';
import { registerOptimizerScenarioRoutes } from './optimizer/optimizerScenarioRoutes.ts';
import { registerMerchantRoutes } from './merchants/merchantRoutes.ts';
import { registerMerchantCaseRoutes } from './merchants/merchantCaseRoutes.ts';
import { registerDashboardRoutes } from './dashboards/dashboardRoutes.ts';
import { registerChartRoutes } from './dashboards/chartRoutes.ts';
import { registerOrganizationRoutes } from './organization/organizationRoutes.ts';
import { registerOrganizationUserRoutes } from './organization/organizationUserRoutes.ts';
import { registerRoleRoutes } from './identity/roleRoutes.ts';
import type { RouteDeps, RouteGroup } from './http/routeDeps.ts';
import { registerTermsRoutes } from './identity/termsRoutes.ts';
import { registerUserRoutes } from './identity/userRoutes.ts';
import { registerUploadRoutes } from './uploads/uploadRoutes.ts';
import { registerUploadTusRoutes } from './uploads/uploadTusRoutes.ts';
import { createUploadEnder } from './uploads/uploadExpiry.ts';
import { createUploadProcessor } from './uploads/uploadProcessor.ts';
import { localFileStore } from './storage/fileStore.ts';
import { createMailSender } from './mail/mailSender.ts';
import { registerAlertRoutes } from './alerts/alertRoutes.ts';
import { createAlertScheduler, type AlertScheduler } from './alerts/alertScheduler.ts';
import { createSubscriptionJobs } from './alerts/subscriptionJobs.ts';
import { registerSubscriptionRoutes } from './alerts/subscriptionRoutes.ts';
import { registerAppHost, wantsAppPage } from './web/appHost.ts';
import { registerJsonBodyParser } from './web/jsonBodyParser.ts';
import { registerSecurityHeaders } from './web/securityHeaders.ts';

/** Every route group, in one shape; each route in them declares its access (auth/routeAccess.ts). */
const ROUTE_GROUPS: readonly RouteGroup[] = [
  registerAuthenticateRoute,
  registerImpersonationRoute,
  registerInviteRoutes,
  registerUserRoutes,
  registerTermsRoutes,
  registerRoleRoutes,
  registerOrganizationRoutes,
  registerOrganizationUserRoutes,
  registerPartnerRoutes,
  registerAnalyticsRoutes,
  registerQueryBatchRoute,
  registerExportDefinitionRoutes,
  registerExportJobRoutes,
  registerExportDownloadRoute,
  registerDocumentRoutes,
  registerDocumentUploadRoute,
  registerDocumentFileRoutes,
  registerOptimizerRoutes,
  registerOptimizerScenarioRoutes,
  registerMerchantRoutes,
  registerMerchantCaseRoutes,
  registerDashboardRoutes,
  registerChartRoutes,
  registerCodeInbox,
  registerUploadTusRoutes,
  registerUploadRoutes,
  registerAlertRoutes,
  registerSubscriptionRoutes,
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
  const fileStore = localFileStore(config.DATA_DIR);
  // The runner starts when the app is ready (listen, or a test's first inject) and stops with it; jobs
  // it was running go back to the queue for the next start.
  const admission = createAdmission(admissionBudgets(config));
  const exportRunner = analytics
    ? createExportRunner({
        db,
        engine: analytics,
        admission,
        store: fileStore,
        scratchDir: join(config.DATA_DIR, 'scratch'),
        config,
        today: todayOf,
        log: app.log,
        instance,
      })
    : null;
  if (exportRunner) {
    app.addHook('onReady', () => exportRunner.start());
    app.addHook('onClose', () => exportRunner.stop());
  }
  if (analytics)
    startDocumentGeneration(app, {
      db,
      engine: analytics,
      admission,
      store: fileStore,
      today: todayOf,
      timeoutMs: config.ANALYTICS_TIMEOUT_MS,
    });
  const clock = now ?? (() => new Date());
  const mailSender = createMailSender({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    store: fileStore,
    log: app.log,
    instance,
    now: clock,
  });
  app.addHook('onReady', async () => mailSender.start());
  app.addHook('onClose', () => mailSender.stop());
  const subscriptionJobs = analytics
    ? createSubscriptionJobs({
        db,
        engine: analytics,
        admission,
        store: fileStore,
        config,
        today: todayOf,
        now: clock,
        mail: mailSender,
        log: app.log,
        instance,
      })
    : null;
  const alertScheduler: AlertScheduler | null = analytics
    ? createAlertScheduler({
        db,
        engine: analytics,
        admission,
        mail: mailSender,
        config,
        now: clock,
        today: todayOf,
        log: app.log,
        instance,
        runSubscriptions: subscriptionJobs!.runDue,
      })
    : null;
  if (alertScheduler) {
    app.addHook('onReady', async () => alertScheduler.start());
    app.addHook('onClose', () => alertScheduler.stop());
  }
  const uploadProcessor =
    analytics?.loadUpload && analytics.removeUploads
      ? createUploadProcessor({
          db,
          engine: analytics as Required<Pick<AnalyticsEngine, 'loadUpload' | 'removeUploads'>>,
          files: fileStore,
          scratchDir: join(config.DATA_DIR, 'scratch'),
          log: app.log,
          abandonHours: config.UPLOAD_ABANDON_HOURS,
          onLoaded: (orgId) =>
            void alertScheduler
              ?.dataChanged(orgId)
              .catch((error: unknown) => app.log.warn({ err: error, orgId }, 'alert evaluation not queued')),
        })
      : null;
  const uploadEnder = createUploadEnder({ db, files: fileStore, idleMinutes: config.UPLOAD_IDLE_MINUTES });
  if (uploadProcessor) {
    // Uploads waiting to load (a stopped process's too) are taken up; closing waits for the one loading
    // and leaves those queued behind it to the next start.
    app.addHook('onReady', () => uploadProcessor.resume());
    app.addHook('onClose', () => uploadProcessor.stop());
    // Receiving uploads idle past the limit are expired on a timer too, not only when slots are counted.
    let stopExpiry = () => {};
    app.addHook('onReady', async () => void (stopExpiry = uploadEnder.start()));
    app.addHook('onClose', async () => stopExpiry());
  }
  const deps: RouteDeps = {
    config,
    db,
    analytics: analytics ?? null,
    admission,
    identity: orgIdentity,
    today: todayOf,
    now: clock,
    fileStore,
    exportRunner,
    uploadProcessor,
    uploadEnder,
    mailSender,
    alertScheduler,
    subscriptionJobs,
  };
  for (const register of ROUTE_GROUPS) register(app, deps);
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

/** Last full month's documents for every organisation, made once the server is ready; closing waits for the one in progress. */
function startDocumentGeneration(app: FastifyInstance, deps: Parameters<typeof generateLastMonthOnce>[0]): void {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    running = generateLastMonthOnce(deps, app.log, () => stopped).then(
      () => undefined,
      (error: unknown) => app.log.warn({ err: error }, 'documents of last month not generated'),
    );
  });
  app.addHook('onClose', async () => {
    stopped = true;
    await running;
  });
}
