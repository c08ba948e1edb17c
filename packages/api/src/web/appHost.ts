// Serves the production build of the app: hashed assets with a long cache, and every other GET that
// asks for HTML answered with index.html (client-side routes), configuration written in.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { injectConfig, type PortalConfig } from '@payportal/shared/config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicScope } from '../auth/routeAccess.ts';
import type { ApiConfig } from '../config.ts';
import { appContentSecurityPolicy } from './contentSecurityPolicy.ts';

export function portalBrowserConfig(config: ApiConfig): PortalConfig {
  return {
    firebase: {
      apiKey: config.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: config.FIREBASE_PROJECT_ID,
      ...(config.FIREBASE_AUTH_EMULATOR_HOST && { emulatorUrl: `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` }),
    },
    allowedParentOrigins: config.PARTNER_ORIGINS,
    internalEmailDomains: config.INTERNAL_EMAIL_DOMAINS,
    internalEmails: config.INTERNAL_EMAILS,
    supportEmail: config.SUPPORT_EMAIL,
    salesEmail: config.SALES_EMAIL,
    ...(config.NON_PRODUCTION_REDIRECT_URL && { redirectStandaloneTo: config.NON_PRODUCTION_REDIRECT_URL }),
  };
}

export interface AppPage {
  /** Answers a browser's request for any client-side route with the app's HTML. */
  send(reply: FastifyReply): FastifyReply;
}

/** Registers the hashed assets and returns the page for client-side routes, or null without a build. */
export async function registerAppHost(app: FastifyInstance, config: ApiConfig): Promise<AppPage | null> {
  const indexFile = join(config.APP_DIST, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`no app build at ${config.APP_DIST}: run "npm run build" to serve the app`);
    return null;
  }
  const html = injectConfig(readFileSync(indexFile, 'utf8'), portalBrowserConfig(config));
  const policy = appContentSecurityPolicy(config);
  await publicScope(app, (scope) =>
    scope.register(fastifyStatic, {
      root: join(config.APP_DIST, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
    }),
  );
  return {
    send: (reply) =>
      reply
        .header('content-security-policy', policy)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html),
  };
}

/**
 * A GET outside /api/ that accepts HTML: a browser, and also `curl` with no Accept header or one that
 * takes any type (the first thing a partner engineer tries). A client that asks for JSON only gets
 * the API's JSON 404.
 */
export function wantsAppPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '*/*';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    /text\/html|\*\/\*/.test(accept)
  );
}
