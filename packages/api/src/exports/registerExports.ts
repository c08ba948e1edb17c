// The exports feature: definitions, jobs and their downloads, and the runner that makes the files.
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { RouteDeps, WorkerDeps } from '../http/routeDeps.ts';
import { registerExportDefinitionRoutes } from './exportDefinitionRoutes.ts';
import { registerExportDownloadRoute } from './exportDownloadRoute.ts';
import { registerExportJobRoutes } from './exportJobRoutes.ts';
import { createExportRunner, type ExportRunner, type ExportRunnerOptions } from './exportRunner.ts';

export function registerExports(app: FastifyInstance, deps: RouteDeps): void {
  registerExportDefinitionRoutes(app, deps);
  registerExportJobRoutes(app, deps);
  registerExportDownloadRoute(app, deps);
}

/**
 * The export runner, without an analytics engine none. It starts when the app is ready (listen, or a
 * test's first inject) and stops with it; jobs it was running go back to the queue for the next start.
 */
export function startExportRunner(
  app: FastifyInstance,
  deps: WorkerDeps,
  sources: Pick<ExportRunnerOptions, 'disputeQueue' | 'residualStatement'>,
): ExportRunner | null {
  if (!deps.analytics) return null;
  const runner = createExportRunner({
    db: deps.db,
    engine: deps.analytics,
    admission: deps.admission,
    store: deps.fileStore,
    scratchDir: join(deps.config.DATA_DIR, 'scratch'),
    config: deps.config,
    today: deps.today,
    log: app.log,
    instance: deps.instance,
    ...sources,
  });
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());
  return runner;
}
