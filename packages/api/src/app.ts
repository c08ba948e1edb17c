// Builds the server without listening (DESIGN.md §7): tests inject requests, server.ts listens.
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { registerCodeInbox } from './dev/codeInboxRoute.ts';
import { registerAppHost, wantsAppPage } from './web/appHost.ts';

export interface AppDependencies {
  config: ApiConfig;
  db: Database;
}

export async function createApp({ config, db }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    bodyLimit: 64 * 1024,
    trustProxy: config.NODE_ENV === 'production',
  });

  // The app's HTML gets its own CSP (frame-ancestors from the partner origins) in appHost.
  await app.register(helmet, { contentSecurityPolicy: false, frameguard: false, crossOriginEmbedderPolicy: false });

  app.get('/healthz', async () => {
    await db.query('select 1');
    return { status: 'ok' };
  });

  if (config.FIREBASE_AUTH_EMULATOR_HOST) registerCodeInbox(app, config.FIREBASE_AUTH_EMULATOR_HOST, config.FIREBASE_PROJECT_ID);
  const appPage = await registerAppHost(app, config);
  app.setNotFoundHandler((request, reply) => {
    if (appPage && wantsAppPage(request)) return appPage.send(reply);
    return reply.code(404).send({ error: { code: 'api/not-found', message: `No route ${request.method} ${request.url.split('?')[0]}` } });
  });
  return app;
}
