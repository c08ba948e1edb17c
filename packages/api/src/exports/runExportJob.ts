// One export, from a claimed job to a file, keeping the job's progress and
// heartbeat moving a couple of times a second, stopping at the role's cap, at a cancel or at shutdown.
// A query's rows go two ways: an engine that writes CSV itself (DuckDB) copies the rows into a scratch file and they are
// put into the file as bytes (engineCopy.ts), with no count before (the bar follows the engine's own
// progress); otherwise the rows are counted (the estimate), then streamed a page at a time into the file.
import { queryScope } from '../auth/callerScope.ts';
import {
  AnalyticsTimeoutError,
  QueryError,
  queryColumns,
  type AnalyticsEngine,
  type QueryScope,
} from '@payportal/analytics';
import {
  firstDayOfDataQuery,
  PERIOD_NOTE_COLUMN,
  periodNotesOf,
  type QueryCell,
  type QueryDescription,
} from '@payportal/shared/analytics';
import { csvValuesOf } from '@payportal/shared/exports';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { PNL_EXPORT_COLUMNS, writePnlRows } from './pnlExport.ts';
import type { DisputeQueueSource, ResidualStatementSource } from './exportSource.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { openCsvFile, type CsvFile } from '../csv/csvFile.ts';
import { copyThroughEngine, scratchFolderOf } from './engineCopy.ts';
import { fileKeyOf, recordProgress, type JobOutcome, type JobProgress, type JobRow } from './jobRepository.ts';
import { exportRowLimit } from './rowCap.ts';
import type { RowCounter } from './rowCounter.ts';

/** How often a running job writes its progress and heartbeat, and hears of a cancel. */
export const PROGRESS_INTERVAL_MS = 500;

export interface ExportJobContext {
  db: Database;
  engine: AnalyticsEngine;
  rowCounter: RowCounter;
  store: FileStore;
  /** A folder on this machine's disk for the engine's own CSV files (DuckDB writes only local files). */
  scratchDir: string;
  /** The dispute queue's columns and rows (the disputes feature's). */
  disputeQueue: DisputeQueueSource;
  /** A residual statement's lines (the residuals feature's). */
  residualStatement: ResidualStatementSource;
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

interface Written {
  rowsWritten: number;
  /** The engine had rows past the file's limit. */
  more: boolean;
}

interface Run {
  job: JobRow;
  scope: QueryScope;
  limit: number;
  file: CsvFile;
  stopped: AbortSignal;
  /** What the next heartbeat records. */
  progress: JobProgress;
  context: ExportJobContext;
  /** An answer by period: each date bucket's note, for the file's last column (null: no such column). */
  periodNotes: ReadonlyMap<string, string> | null;
}

export async function runExportJob(
  job: JobRow,
  context: ExportJobContext,
  shutdown: AbortSignal,
): Promise<JobOutcome | { status: 'shutdown' }> {
  const { db, store } = context;
  const stop = new AbortController();
  const stopFor = (reason: StopReason) => stop.signal.aborted || stop.abort(new ExportStopped(reason));
  const onShutdown = () => stopFor('shutdown');
  if (shutdown.aborted) onShutdown();
  shutdown.addEventListener('abort', onShutdown);
  const claim = { id: job.id, attempt: job.attempts };
  const progress: JobProgress = { rowsWritten: 0 };
  const heartbeat = setInterval(() => {
    recordProgress(db, claim, progress)
      .then(({ cancelRequested }) => cancelRequested && stopFor('cancelled'))
      .catch((error: unknown) => context.log.warn({ err: error, jobId: job.id }, 'export progress not recorded'));
  }, PROGRESS_INTERVAL_MS);
  const key = fileKeyOf(job.id, job.attempts);
  let file: CsvFile | null = null;
  try {
    // The engine hands over at most one row more than the cap or the description's own limit, whichever
    // is lower: that row tells a capped file.
    const { limit, capBinds } = exportRowLimit(job.query ?? {}, job.row_cap);
    // the book the export was asked in, never a wider one (README "Scoped books")
    const scope = queryScope(job.org_id, job.scope_node, context.today());
    // An answer by period ends with the chart CSV's "Period note" column: which rows are partial or not yet final, and why.
    const periodNotes = job.query?.timeDimension?.granularity
      ? periodNotesOf(job.query, scope.today, await firstDayOfData(context.engine, job.query, scope))
      : null;
    const columns = job.query
      ? [...queryColumns(job.query), ...(periodNotes ? [PERIOD_NOTE_COLUMN] : [])]
      : job.disputes
        ? context.disputeQueue.columns
        : job.residuals
          ? context.residualStatement.columns
          : PNL_EXPORT_COLUMNS;
    file = await openCsvFile(store, key, columns, job.csv);
    const run: Run = { job, scope, limit, file, stopped: stop.signal, progress, context, periodNotes };
    const { rowsWritten, more } = await writeRows(run);
    stop.signal.throwIfAborted();
    const fileBytes = await file.finish();
    return {
      status: 'ready',
      rowsWritten,
      capped: more && capBinds,
      fileKey: key,
      fileBytes,
      ttlDays: context.ttlDays,
    };
  } catch (error) {
    await (file ? file.discard() : store.remove(key)).catch(() => undefined);
    const stopped = stop.signal.aborted ? (stop.signal.reason as ExportStopped) : null;
    if (stopped)
      return stopped.reason === 'cancelled'
        ? { status: 'cancelled', rowsWritten: progress.rowsWritten }
        : { status: 'shutdown' };
    return { status: 'failed', rowsWritten: progress.rowsWritten, reason: failureReason(error, context.log, job.id) };
  } finally {
    clearInterval(heartbeat);
    shutdown.removeEventListener('abort', onShutdown);
  }
}

/**
 * A query's rows by the engine's own CSV writer when it has one, else a page at a time; the dispute
 * queue's a page of its own at a time; the P&L's and a residual statement's in one answer.
 */
async function writeRows(run: Run): Promise<Written> {
  const { job, context } = run;
  if (job.query)
    return context.engine.copyCsv
      ? copyByEngine(run, job.query, context.engine.copyCsv.bind(context.engine))
      : streamPages(run, job.query);
  if (job.disputes) return context.disputeQueue.write({ ...run, engine: context.engine, db: context.db }, job.disputes);
  if (job.residuals)
    return context.residualStatement.write({ ...run, engine: context.engine, db: context.db }, job.residuals);
  if (!job.pnl) throw new Error('an export job names no query, P&L, queue view or statement'); // the table's check forbids it
  // A merchant's P&L is one row of a few aggregates: a portfolio's worth is small, and one statement.
  const written = await writePnlRows(context.engine, job.pnl, run.scope, run.limit, run.file);
  run.progress.rowsWritten = written.rowsWritten;
  return written;
}

/** The engine writes the rows; a cancel or shutdown interrupts it, aggregation included. */
async function copyByEngine(
  { job, scope, limit, file, stopped, progress, context, periodNotes }: Run,
  query: QueryDescription,
  copyCsv: NonNullable<AnalyticsEngine['copyCsv']>,
): Promise<Written> {
  // A count the builder's estimate already made gives the bar its total; none is made for it.
  const known = await context.rowCounter.known(query, scope, { rowCap: job.row_cap });
  if (known !== undefined) progress.rowsEstimate = Math.min(known, limit);
  const written = await copyThroughEngine(
    {
      copyCsv,
      query,
      scope,
      scratch: scratchFolderOf(context.scratchDir, job.id, job.attempts),
      limit,
      options: {
        rowCap: job.row_cap,
        neutraliseFormulas: job.csv.neutraliseFormulas,
        valueLabels: csvValuesOf(job.csv) === 'labels',
        ...(periodNotes && { periodNotes }),
        signal: stopped,
        onProgress: ({ percent, rows }) => {
          progress.percentDone = percent;
          progress.rowsWritten = Math.min(rows, limit);
        },
      },
    },
    file,
  );
  progress.rowsWritten = written.rowsWritten;
  return written;
}

/** Counted first (the estimate), then a page at a time; a stop interrupts the engine's statement. */
async function streamPages(
  { job, scope, limit, file, stopped, progress, context, periodNotes }: Run,
  query: QueryDescription,
): Promise<Written> {
  const estimate = await context.rowCounter.count(query, scope, { rowCap: job.row_cap });
  progress.rowsEstimate = Math.min(estimate, limit);
  const dateIndex = queryColumns(query).findIndex((column) => column.type === 'date');
  const noted =
    periodNotes && dateIndex >= 0
      ? (row: QueryCell[]) => [...row, periodNotes.get(String(row[dateIndex])) ?? null]
      : null;
  let more = false;
  await context.engine.stream(
    query,
    scope,
    async (rows) => {
      stopped.throwIfAborted();
      const room = limit - progress.rowsWritten;
      if (rows.length > room) more = true;
      const page = rows.length > room ? rows.slice(0, room) : rows;
      if (page.length === 0) return;
      await file.write(noted ? page.map(noted) : page);
      progress.rowsWritten += page.length;
    },
    // A stop interrupts the statement too, so a graceful stop does not wait for a long aggregation.
    { rowCap: job.row_cap, signal: stopped },
  );
  return { rowsWritten: progress.rowsWritten, more };
}

/** Words the person who ran it can act on; the details go to the log, never to the caller. */
function failureReason(error: unknown, log: FastifyBaseLogger, jobId: number): string {
  if (error instanceof QueryError) return `The query cannot be answered: ${error.message}.`;
  if (error instanceof AnalyticsTimeoutError) return error.message;
  log.error({ err: error, jobId }, 'export failed');
  return 'The export failed on the server. Try again; if it fails again, contact support.';
}

/** The first day with data in the query's range: a first period starting before it is partial, as on the dashboards. */
async function firstDayOfData(
  engine: AnalyticsEngine,
  query: QueryDescription,
  scope: QueryScope,
): Promise<string | undefined> {
  const answer = await engine.query(firstDayOfDataQuery(query.timeDimension?.dateRange), scope);
  const day = answer.rows[0]?.[0];
  return typeof day === 'string' ? day : undefined;
}
