// Export jobs in PostgreSQL. The table is the queue: a runner claims the oldest
// queued job with FOR UPDATE SKIP LOCKED, so two runners (two API processes on one server) never take
// the same job, and a job's state survives any process. Reads name the caller's user and organisation:
// another user's job is not found (404).
import type { QueryDescription } from '@payportal/shared/analytics';
import { exportJobSchema, type CsvOptions, type ExportJob } from '@payportal/shared/exports';
import type { DisputeQueueView } from '@payportal/shared/disputes';
import type { PnlExport } from '@payportal/shared/optimizer';
import type { ResidualStatementExport } from '@payportal/shared/residuals';
import type { Queryable } from '../db/database.ts';

export interface JobRow {
  id: number;
  org_id: number;
  user_id: number;
  requested_by: number;
  definition_id: number | null;
  name: string;
  query: QueryDescription | null;
  pnl: PnlExport | null;
  disputes: DisputeQueueView | null;
  residuals: ResidualStatementExport | null;
  csv: CsvOptions;
  /** The portfolio node the export was made in (null: the whole organisation): it runs and downloads in that book. */
  scope_node: string | null;
  status: ExportJob['status'];
  row_cap: number;
  rows_written: number;
  rows_estimate: number | null;
  percent_done: number | null;
  capped: boolean;
  failure_reason: string | null;
  file_key: string | null;
  file_bytes: number | null;
  attempts: number;
  cancel_requested: boolean;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

// bigint columns as double precision: both adapters then hand over plain numbers.
const COLUMNS = `id, org_id, user_id, requested_by, definition_id, name, query, pnl, disputes, residuals, csv, scope_node, status, row_cap, rows_written::float8 as rows_written,
  rows_estimate::float8 as rows_estimate, percent_done, capped, failure_reason, file_key, file_bytes::float8 as file_bytes, attempts,
  cancel_requested, created_at, started_at, finished_at, expires_at`;

const jsonOrNull = (value: object | null) => (value === null ? null : JSON.stringify(value));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Where an attempt's file lives in the file store. One key per attempt: a runner declared dead (but still
 * alive) and the runner that took the job over never write, or delete, each other's file.
 */
export const fileKeyOf = (jobId: number, attempt: number) => `exports/${jobId}-${attempt}.csv`;

/** The download's name: the export's name made safe for any file system, with the right extension. */
export function fileNameOf(name: string, csv: CsvOptions): string {
  const safe =
    name
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '') || 'export';
  return `${safe.slice(0, 100)}.csv${csv.gzip ? '.gz' : ''}`;
}

export function toExportJob(row: JobRow): ExportJob {
  return exportJobSchema.parse({
    id: row.id,
    definition_id: row.definition_id,
    name: row.name,
    status: row.status,
    query: row.query,
    pnl: row.pnl,
    disputes: row.disputes,
    residuals: row.residuals,
    csv: row.csv,
    rows_written: row.rows_written,
    rows_estimate: row.rows_estimate,
    percent_done: row.status === 'running' ? row.percent_done : null,
    row_cap: row.row_cap,
    capped: row.capped,
    failure_reason: row.failure_reason,
    file_bytes: row.status === 'ready' ? row.file_bytes : null,
    file_name: fileNameOf(row.name, row.csv),
    created_at: iso(row.created_at),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    expires_at: iso(row.expires_at),
  });
}

export interface NewJob {
  orgId: number;
  userId: number;
  requestedBy: number;
  definitionId: number | null;
  name: string;
  /** What it exports: a query description, the optimizer's P&L, the dispute queue's view or a residual statement. */
  source: ExportSource;
  csv: CsvOptions;
  rowCap: number;
  /** The requesting session's node (callerScope.ts). */
  scopeNode: string | null;
}

export type ExportSource =
  | { query: QueryDescription }
  | { pnl: PnlExport }
  | { disputes: DisputeQueueView }
  | { residuals: ResidualStatementExport };

export async function insertJob(db: Queryable, job: NewJob): Promise<JobRow> {
  const [row] = await db.query<JobRow>(
    `insert into export_jobs (org_id, user_id, requested_by, definition_id, name, query, pnl, disputes, residuals, csv, row_cap, scope_node) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${COLUMNS}`,
    [
      job.orgId,
      job.userId,
      job.requestedBy,
      job.definitionId,
      job.name,
      jsonOrNull('query' in job.source ? job.source.query : null),
      jsonOrNull('pnl' in job.source ? job.source.pnl : null),
      jsonOrNull('disputes' in job.source ? job.source.disputes : null),
      jsonOrNull('residuals' in job.source ? job.source.residuals : null),
      JSON.stringify(job.csv),
      job.rowCap,
      job.scopeNode,
    ],
  );
  return row!;
}

/** Queued and running jobs of a user (the per-user limit). */
export async function countActiveJobs(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ active: number }>(
    "select count(*)::int as active from export_jobs where user_id = $1 and status in ('queued', 'running')",
    [userId],
  );
  return row!.active;
}

export async function findJob(
  db: Queryable,
  id: number,
  owner: { userId: number; orgId: number },
): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `select ${COLUMNS} from export_jobs where id = $1 and user_id = $2 and org_id = $3`,
    [id, owner.userId, owner.orgId],
  );
  return row ?? null;
}

/** For the download route, whose ticket already names the job and its user. */
export async function findJobById(db: Queryable, id: number): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(`select ${COLUMNS} from export_jobs where id = $1`, [id]);
  return row ?? null;
}

export async function listJobs(
  db: Queryable,
  owner: { userId: number; orgId: number },
  options: { definitionId?: number; limit: number },
): Promise<JobRow[]> {
  return db.query<JobRow>(
    `select ${COLUMNS} from export_jobs where user_id = $1 and org_id = $2 and ($3::int is null or definition_id = $3)
     order by created_at desc, id desc limit $4`,
    [owner.userId, owner.orgId, options.definitionId ?? null, options.limit],
  );
}

/** The oldest queued job, now running and `instance`'s; null when none waits. */
export async function claimNextJob(db: Queryable, instance: string): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `update export_jobs set status = 'running', started_at = now(), heartbeat_at = now(), attempts = attempts + 1, rows_written = 0, percent_done = null, claimed_by = $1
     where id = (select id from export_jobs where status = 'queued' order by created_at, id for update skip locked limit 1)
     returning ${COLUMNS}`,
    [instance],
  );
  return row ?? null;
}

/** One claim of a job: its id and the attempt the claim made (the claim's token). */
export interface JobClaim {
  id: number;
  attempt: number;
}

/** Progress and heartbeat of a running attempt; answers whether its owner asked to cancel it. */
export interface JobProgress {
  rowsWritten: number;
  rowsEstimate?: number;
  /** The engine's estimate (0–100) while it writes the file itself; rows are known only at the end then. */
  percentDone?: number;
}

export async function recordProgress(
  db: Queryable,
  claim: JobClaim,
  progress: JobProgress,
): Promise<{ cancelRequested: boolean }> {
  const [row] = await db.query<{ cancel_requested: boolean }>(
    `update export_jobs set rows_written = $3, rows_estimate = coalesce($4, rows_estimate), percent_done = coalesce($5, percent_done), heartbeat_at = now()
     where id = $1 and attempts = $2 and status = 'running' returning cancel_requested`,
    [claim.id, claim.attempt, progress.rowsWritten, progress.rowsEstimate ?? null, progress.percentDone ?? null],
  );
  // Not this attempt's any more (a cancel of a queued job raced the claim, or it was declared dead): stop.
  return { cancelRequested: row?.cancel_requested ?? true };
}

export type JobOutcome =
  | { status: 'ready'; rowsWritten: number; capped: boolean; fileKey: string; fileBytes: number; ttlDays: number }
  | { status: 'failed'; rowsWritten: number; reason: string }
  | { status: 'cancelled'; rowsWritten: number };

/** Ends a running attempt; false when the job is not this attempt's any more (nothing changes then). */
export async function finishJob(db: Queryable, claim: JobClaim, outcome: JobOutcome): Promise<boolean> {
  const ready = outcome.status === 'ready' ? outcome : null;
  const rows = await db.query(
    `update export_jobs set status = $2, rows_written = $3, capped = $4,
       rows_estimate = case when $2 = 'ready' then coalesce(rows_estimate, $3) else rows_estimate end, file_key = $5, file_bytes = $6, failure_reason = $7,
       finished_at = now(), heartbeat_at = null, expires_at = case when $2 = 'ready' then now() + make_interval(secs => $8::float8 * 86400) end
     where id = $1 and attempts = $9 and status = 'running' returning id`,
    [
      claim.id,
      outcome.status,
      outcome.rowsWritten,
      ready?.capped ?? false,
      ready?.fileKey ?? null,
      ready?.fileBytes ?? null,
      outcome.status === 'failed' ? outcome.reason : null,
      ready?.ttlDays ?? 0,
      claim.attempt,
    ],
  );
  return rows.length === 1;
}

/**
 * Cancel: a queued job is cancelled at once (`endedNow`: the caller audits it); a running one is asked
 * to stop (its runner sees the flag at its next heartbeat, deletes the partial file and audits the end).
 * Null when the job is not the caller's.
 */
export async function cancelJob(
  db: Queryable,
  id: number,
  owner: { userId: number; orgId: number },
): Promise<{ job: JobRow; endedNow: boolean } | null> {
  const [changed] = await db.query<{ was: ExportJob['status'] }>(
    `with old as (select id, status from export_jobs where id = $1 and user_id = $2 and org_id = $3 for update)
     update export_jobs j set
       status = case when old.status = 'queued' then 'cancelled' else j.status end,
       finished_at = case when old.status = 'queued' then now() else j.finished_at end,
       cancel_requested = case when old.status = 'running' then true else j.cancel_requested end
     from old where j.id = old.id returning old.status as was`,
    [id, owner.userId, owner.orgId],
  );
  if (!changed) return null;
  const job = await findJob(db, id, owner);
  return job && { job, endedNow: changed.was === 'queued' };
}

/** A job the queue itself ended (its owner's cancel, or failed after dead processes), for the audit. */
export interface EndedJob {
  id: number;
  attempts: number;
  org_id: number;
  user_id: number;
  requested_by: number;
  status: 'cancelled' | 'failed';
  rows_written: number;
}
const ENDED_COLUMNS = 'id, attempts, org_id, user_id, requested_by, status, rows_written::float8 as rows_written';

/**
 * Puts a job this process was running back in the queue (a graceful stop): it runs again, uncounted. A
 * job its owner asked to cancel meanwhile ends cancelled instead (answered, for the audit).
 */
export async function requeueJob(db: Queryable, claim: JobClaim): Promise<EndedJob | null> {
  const [row] = await db.query<EndedJob>(
    `update export_jobs set
       status = case when cancel_requested then 'cancelled' else 'queued' end,
       finished_at = case when cancel_requested then now() end,
       attempts = case when cancel_requested then attempts else greatest(attempts - 1, 0) end,
       heartbeat_at = null, started_at = case when cancel_requested then started_at end, rows_written = 0, percent_done = null
     where id = $1 and attempts = $2 and status = 'running' returning ${ENDED_COLUMNS}`,
    [claim.id, claim.attempt],
  );
  return row?.status === 'cancelled' ? row : null;
}

/**
 * Jobs left 'running' by a process that died (no heartbeat since `staleSeconds`): cancelled when their
 * owner asked, run again while they have attempts left, otherwise failed with the reason. Every attempt
 * answered has a partial file to delete; the ended ones are audited by the caller.
 */
export async function recoverStaleJobs(
  db: Queryable,
  staleSeconds: number,
  maxAttempts: number,
): Promise<{ requeued: JobClaim[]; ended: EndedJob[] }> {
  const stale = `status = 'running' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $1::float8))`;
  const ended = await db.query<EndedJob>(
    `update export_jobs set status = case when cancel_requested then 'cancelled' else 'failed' end, finished_at = now(), heartbeat_at = null,
       failure_reason = case when cancel_requested then null
         else 'The server stopped while this export ran, ' || attempts || ' times: run it again, or ask for fewer rows.' end
     where ${stale} and (cancel_requested or attempts >= $2) returning ${ENDED_COLUMNS}`,
    [staleSeconds, maxAttempts],
  );
  const requeued = await db.query<{ id: number; attempts: number }>(
    `update export_jobs set status = 'queued', heartbeat_at = null, started_at = null, rows_written = 0, percent_done = null where ${stale} returning id, attempts`,
    [staleSeconds],
  );
  return { requeued: requeued.map((row) => ({ id: row.id, attempt: row.attempts })), ended };
}

/** Ready jobs past their expiry, with the file each holds (deleted before the job is marked expired). */
export async function dueExpiries(db: Queryable): Promise<{ id: number; fileKey: string | null }[]> {
  const rows = await db.query<{ id: number; file_key: string | null }>(
    "select id, file_key from export_jobs where status = 'ready' and expires_at <= now()",
  );
  return rows.map((row) => ({ id: row.id, fileKey: row.file_key }));
}

/** After its file is gone: the job says expired. */
export async function markExpired(db: Queryable, id: number): Promise<void> {
  await db.query("update export_jobs set status = 'expired', file_key = null where id = $1 and status = 'ready'", [id]);
}
