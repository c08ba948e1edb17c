// The uploads feature: resumable uploads (tus), their history, and the processor that validates and
// loads finished files.
import type { AnalyticsEngine } from '@payportal/analytics';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { RouteDeps, WorkerDeps } from '../http/routeDeps.ts';
import { createUploadEnder, type UploadEnder } from './uploadExpiry.ts';
import { createUploadProcessor, type UploadProcessor } from './uploadProcessor.ts';
import { registerUploadRoutes } from './uploadRoutes.ts';
import { registerUploadTusRoutes } from './uploadTusRoutes.ts';

export function registerUploads(app: FastifyInstance, deps: RouteDeps): void {
  registerUploadTusRoutes(app, deps);
  registerUploadRoutes(app, deps);
}

export interface UploadWorkers {
  /** Null without an engine that loads (uploads then answer 503). */
  uploadProcessor: UploadProcessor | null;
  uploadEnder: UploadEnder;
}

/** The upload processor and the idle-upload expiry, started and stopped with the app. */
export function startUploadWorkers(
  app: FastifyInstance,
  deps: WorkerDeps & { onLoaded: (orgId: number) => void },
): UploadWorkers {
  const { analytics, db, config, fileStore } = deps;
  const uploadProcessor =
    analytics?.loadUpload && analytics.removeUploads
      ? createUploadProcessor({
          db,
          engine: analytics as Required<Pick<AnalyticsEngine, 'loadUpload' | 'removeUploads'>>,
          files: fileStore,
          scratchDir: join(config.DATA_DIR, 'scratch'),
          log: app.log,
          abandonHours: config.UPLOAD_ABANDON_HOURS,
          onLoaded: deps.onLoaded,
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
  return { uploadProcessor, uploadEnder };
}
