// The documents feature: statements and uploaded files, their downloads, and last month's generation at
// start.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps, WorkerDeps } from '../http/routeDeps.ts';
import { registerDocumentFileRoutes } from './documentFileRoutes.ts';
import { registerDocumentRoutes } from './documentRoutes.ts';
import { registerDocumentUploadRoute } from './documentUploadRoute.ts';
import { generateLastMonthOnce } from './generateAtStart.ts';

export function registerDocuments(app: FastifyInstance, deps: RouteDeps): void {
  registerDocumentRoutes(app, deps);
  registerDocumentUploadRoute(app, deps);
  registerDocumentFileRoutes(app, deps);
}

/** Last full month's documents for every organisation, made once the server is ready; closing waits for the one in progress. */
export function startDocumentGeneration(app: FastifyInstance, deps: WorkerDeps): void {
  const { analytics } = deps;
  if (!analytics) return;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    running = generateLastMonthOnce(
      {
        db: deps.db,
        engine: analytics,
        admission: deps.admission,
        store: deps.fileStore,
        today: deps.today,
        timeoutMs: deps.config.ANALYTICS_TIMEOUT_MS,
      },
      app.log,
      () => stopped,
    ).then(
      () => undefined,
      (error: unknown) => app.log.warn({ err: error }, 'documents of last month not generated'),
    );
  });
  app.addHook('onClose', async () => {
    stopped = true;
    await running;
  });
}
