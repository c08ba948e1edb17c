// The export job runner: a few jobs at a time (EXPORT_CONCURRENCY), claimed from
// the export_jobs table (jobRepository.ts), woken at once by a new run and by a poll otherwise (a job
// queued by another API process). At start, and every half minute, jobs left 'running' by a process
// that died are run again or failed with a reason; ready files past their expiry are deleted.
import { rm } from 'node:fs/promises';
import type { AnalyticsEngine } from '@payportal/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Admission } from '../admission/admission.ts';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { deleteOldTickets } from '../downloads/downloadTickets.ts';
import { scratchFolderOf } from './engineCopy.ts';
import { recordExportEvent } from './exportAudit.ts';
import {
  claimNextJob,
  dueExpiries,
  fileKeyOf,
  finishJob,
  markExpired,
  recoverStaleJobs,
  requeueJob,
  type EndedJob,
  type JobRow,
} from './jobRepository.ts';
import type { DisputeQueueSource, ResidualStatementSource } from './exportSource.ts';
import { createRowCounter, type RowCounter } from './rowCounter.ts';
import { PROGRESS_INTERVAL_MS, runExportJob } from './runExportJob.ts';

const POLL_MS = 1000;
const SWEEP_MS = 30_000;
/** A running job without a heartbeat for this long belongs to a dead process (heartbeats come every PROGRESS_INTERVAL_MS). */
export const STALE_AFTER_SECONDS = Math.max(30, (PROGRESS_INTERVAL_MS * 20) / 1000);
/** A job whose process died this many times is failed rather than run once more. */
export const MAX_ATTEMPTS = 2;

export interface ExportRunner {
  /** Recovers dead processes' jobs, then starts running queued ones. */
  start(): Promise<void>;
  /** A job was queued: look now rather than at the next poll. */
  wake(): void;
  /** Stale jobs recovered, expired files deleted, old tickets dropped (also runs on its own timer). */
  sweep(): Promise<void>;
  /** Stops taking jobs and puts the running ones back in the queue for the next start. */
  stop(): Promise<void>;
  /** Row counts for estimates, shared with the jobs so a run after a preview does not count again. */
  readonly rowCounter: RowCounter;
}

export interface ExportRunnerOptions {
  db: Database;
  engine: AnalyticsEngine;
  /** Each job runs in a turn of the export class (its slots: EXPORT_CONCURRENCY). */
  admission: Admission;
  store: FileStore;
  /** Where the engine writes an export's rows before they go into the store (runExportJob.ts). */
  scratchDir: string;
  config: Pick<ApiConfig, 'EXPORT_CONCURRENCY' | 'EXPORT_TTL_DAYS'>;
  today: () => string;
  log: FastifyBaseLogger;
  /** This process's name, written on the jobs it claims. */
  instance: string;
  /** The dispute queue's rows (the disputes feature's, handed over by app.ts). */
  disputeQueue: DisputeQueueSource;
  /** A residual statement's rows (the residuals feature's, handed over by app.ts). */
  residualStatement: ResidualStatementSource;
}

export function createExportRunner(options: ExportRunnerOptions): ExportRunner {
  const { db, store, log } = options;
  const rowCounter = createRowCounter(options.engine);
  const running = new Map<number, Promise<void>>();
  const shutdown = new AbortController();
  let claiming = false;
  let timers: NodeJS.Timeout[] = [];

  const audit = (
    job: Pick<JobRow, 'id' | 'org_id' | 'user_id' | 'requested_by'>,
    event: 'ready' | 'failed' | 'cancelled',
    rows: number,
  ) =>
    recordExportEvent(db, {
      orgId: job.org_id,
      jobId: job.id,
      userId: job.user_id,
      signedInUserId: job.requested_by,
      event,
      rows,
    });
  const auditEnded = (job: EndedJob) => audit(job, job.status, job.rows_written);

  const finish = async (job: JobRow) => {
    const claim = { id: job.id, attempt: job.attempts };
    const turn = { kind: 'export', orgId: job.org_id, userId: job.user_id, arrivedAt: Date.now() } as const;
    const outcome = await options.admission.run(turn, () =>
      runExportJob(
        job,
        {
          db,
          engine: options.engine,
          rowCounter,
          store,
          scratchDir: options.scratchDir,
          disputeQueue: options.disputeQueue,
          residualStatement: options.residualStatement,
          ttlDays: options.config.EXPORT_TTL_DAYS,
          today: options.today,
          log,
        },
        shutdown.signal,
      ),
    );
    if (outcome.status === 'shutdown') {
      const cancelled = await requeueJob(db, claim);
      if (cancelled) await auditEnded(cancelled);
      return;
    }
    if (!(await finishJob(db, claim, outcome))) {
      // Declared dead meanwhile, and perhaps taken over: that verdict stands, this attempt's file goes.
      if (outcome.status === 'ready') await store.remove(outcome.fileKey);
      return;
    }
    await audit(job, outcome.status, outcome.rowsWritten);
  };

  const fill = async () => {
    if (claiming || shutdown.signal.aborted) return;
    claiming = true;
    try {
      while (running.size < options.config.EXPORT_CONCURRENCY && !shutdown.signal.aborted) {
        const job = await claimNextJob(db, options.instance);
        if (!job) break;
        const work = finish(job)
          .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'export job not finished'))
          .finally(() => {
            running.delete(job.id);
            void fill();
          });
        running.set(job.id, work);
      }
    } catch (error) {
      log.warn({ err: error }, 'export queue not read');
    } finally {
      claiming = false;
    }
  };

  const sweep = async () => {
    const { requeued, ended } = await recoverStaleJobs(db, STALE_AFTER_SECONDS, MAX_ATTEMPTS);
    for (const { id, attempt } of [...requeued, ...ended.map((job) => ({ id: job.id, attempt: job.attempts }))]) {
      await store.remove(fileKeyOf(id, attempt));
      await rm(scratchFolderOf(options.scratchDir, id, attempt), { recursive: true, force: true });
    }
    for (const job of ended) await auditEnded(job);
    if (requeued.length || ended.length)
      log.warn(
        { requeued: requeued.map((job) => job.id), ended: ended.map((job) => job.id) },
        'export jobs of a stopped process recovered',
      );
    // The file goes first: a crash in between leaves a ready job to expire again, never a file nobody owns.
    for (const { id, fileKey } of await dueExpiries(db)) {
      if (fileKey) await store.remove(fileKey);
      await markExpired(db, id);
    }
    await deleteOldTickets(db);
    if (requeued.length) void fill();
  };

  const safely = (work: () => Promise<void>, what: string) => () =>
    void work().catch((error: unknown) => log.warn({ err: error }, what));

  return {
    rowCounter,
    async start() {
      await sweep();
      timers = [
        setInterval(safely(fill, 'export queue not read'), POLL_MS),
        setInterval(safely(sweep, 'export sweep failed'), SWEEP_MS),
      ];
      for (const timer of timers) timer.unref();
      void fill();
    },
    wake: () => void fill(),
    sweep,
    async stop() {
      timers.forEach(clearInterval);
      shutdown.abort();
      await Promise.allSettled(running.values());
    },
  };
}
