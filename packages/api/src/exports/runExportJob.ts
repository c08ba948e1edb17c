// One export, from a claimed job to a file (issue #13 items 3 and 4): count the rows (the estimate),
// stream every page from the engine into the CSV file, stop at the role's cap, and keep the job's
// progress and heartbeat moving a couple of times a second. Memory holds one page of rows at a time.
import { AnalyticsTimeoutError, QueryError, queryColumns, type AnalyticsEngine } from '@payportal/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { openCsvFile } from './csvFile.ts';
import { fileKeyOf, recordProgress, type JobOutcome, type JobRow } from './jobRepository.ts';
import { exportRowLimit } from './rowCap.ts';
import type { RowCounter } from './rowCounter.ts';

/** How often a running job writes its progress and heartbeat, and hears of a cancel. */
export const PROGRESS_INTERVAL_MS = 500;

export interface ExportJobContext {
  db: Database;
  engine: AnalyticsEngine;
  rowCounter: RowCounter;
  store: FileStore;
  ttlDays: number;
  today: () => string;
  log: FastifyBaseLogger;
}

/** Why a job stopped before its end: its owner cancelled it, or this process is shutting down. */
export type StopReason = 'cancelled' | 'shutdown';

class ExportStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
  }
}

export async function runExportJob(job: JobRow, context: ExportJobContext, shutdown: AbortSignal): Promise<JobOutcome | { status: 'shutdown' }> {
  const { db, engine, store } = context;
  const scope = { orgId: job.org_id, today: context.today() };
  let rowsWritten = 0;
  let capped = false;
  let stop: StopReason | null = null;
  const onShutdown = () => (stop ??= 'shutdown');
  shutdown.addEventListener('abort', onShutdown);
  const claim = { id: job.id, attempt: job.attempts };
  const heartbeat = setInterval(() => {
    recordProgress(db, claim, { rowsWritten })
      .then(({ cancelRequested }) => {
        if (cancelRequested) stop ??= 'cancelled';
      })
      .catch((error: unknown) => context.log.warn({ err: error, jobId: job.id }, 'export progress not recorded'));
  }, PROGRESS_INTERVAL_MS);
  const key = fileKeyOf(job.id, job.attempts);
  let file: Awaited<ReturnType<typeof openCsvFile>> | null = null;
  try {
    const columns = queryColumns(job.query);
    // The engine hands over at most one row more than the cap or the description's own limit, whichever
    // is lower: that row tells a capped file.
    const { limit, capBinds } = exportRowLimit(job.query, job.row_cap);
    const estimate = await context.rowCounter.count(job.query, scope, { rowCap: job.row_cap });
    await recordProgress(db, claim, { rowsWritten: 0, rowsEstimate: Math.min(estimate, limit) });
    file = await openCsvFile(store, key, columns, job.csv);
    const open = file;
    await engine.stream(
      job.query,
      scope,
      async (rows) => {
        if (stop) throw new ExportStopped(stop);
        const room = limit - rowsWritten;
        if (rows.length > room && capBinds) capped = true;
        const page = rows.length > room ? rows.slice(0, room) : rows;
        if (page.length === 0) return;
        await open.write(page);
        rowsWritten += page.length;
      },
      { rowCap: job.row_cap },
    );
    if (stop) throw new ExportStopped(stop);
    const fileBytes = await file.finish();
    return { status: 'ready', rowsWritten, capped, fileKey: key, fileBytes, ttlDays: context.ttlDays };
  } catch (error) {
    await (file ? file.discard() : store.remove(key)).catch(() => undefined);
    if (error instanceof ExportStopped) return error.reason === 'cancelled' ? { status: 'cancelled', rowsWritten } : { status: 'shutdown' };
    return { status: 'failed', rowsWritten, reason: failureReason(error, context.log, job.id) };
  } finally {
    clearInterval(heartbeat);
    shutdown.removeEventListener('abort', onShutdown);
  }
}

/** Words the person who ran it can act on; the details go to the log, never to the caller. */
function failureReason(error: unknown, log: FastifyBaseLogger, jobId: number): string {
  if (error instanceof QueryError) return `The query cannot be answered: ${error.message}.`;
  if (error instanceof AnalyticsTimeoutError) return error.message;
  log.error({ err: error, jobId }, 'export failed');
  return 'The export failed on the server. Try again; if it fails again, contact support.';
}
