// After the last byte: the SHA-256 and the duplicate warning, the head check the
// browser ran (it can be bypassed), then validation and load in the engine, phase by phase, with counts.
// One job at a time across every API process over the database: the work holds the analytics write lock
// (db/analyticsWriteLock.ts: the engine has one writer, rollbacks and deletes queue behind loads, and the
// demo data's top-up waits for them). Whichever process
// holds it takes every upload waiting to be loaded, its own or another's, so each is loaded by one
// process; the others look once a second. Uploads a process left half-way (stopped, or killed: its
// lock went with its connection) are taken up again by the next holder (the engine's transaction was
// rolled back, so nothing of them is loaded).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ScopedNodeError, UploadCountError, type AnalyticsEngine } from '@payportal/analytics';
import { checkCsvHead, HEAD_BYTES, type UploadStatus } from '@payportal/shared/uploads';
import type { FastifyBaseLogger } from 'fastify';
import { ANALYTICS_WRITE_LOCK } from '../db/analyticsWriteLock.ts';
import { withAdvisoryLock, type Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { createReceivedHashes, type ReceivedHashes } from './receivedHashes.ts';
import { heldCodes, nodeHoldersOf, nodesInUseMessage } from './nodesInUse.ts';
import { recordUploadEvent } from './uploadAudit.ts';
import {
  earlierWithSha,
  liveUploadLabels,
  loadUploadRow,
  updateUpload,
  uploadsRemovedBy,
  type UploadRow,
} from './uploadRepository.ts';

type Loader = Required<Pick<AnalyticsEngine, 'loadUpload' | 'removeUploads'>>;

const POLL_MS = 1000;
const WAITING = "status in ('uploaded', 'validating', 'loading')";

export interface UploadProcessor {
  /** An upload's bytes have all arrived: look now rather than at the next poll. */
  finished(uploadId: number): void;
  /** Starts looking for uploads to load (a previous process's left before their end too), once a second. */
  resume(): Promise<void>;
  /** Stops looking; resolves when the upload this process is loading is done. */
  stop(): Promise<void>;
  /** Rolls `row` back to `previous`, in the queue; resolves when done. */
  rollBack(row: UploadRow, previous: UploadRow): Promise<void>;
  /** Removes the upload's rows, in the queue; resolves when done. */
  remove(row: UploadRow): Promise<void>;
  /** Ends uploads abandoned before their last byte and deletes their partial files (also on its own timer). */
  sweepAbandoned(): Promise<void>;
  /** Resolves when the queue is empty (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Shutdown: the upload being validated or loaded finishes; those waiting behind it keep their status
   * and are taken up by the next start (resume). Resolves when the running one is done.
   */
  stop(): Promise<void>;
  /** The SHA-256s of uploads being received (the tus store feeds them). */
  receivedHashes: ReceivedHashes;
}

interface Deps {
  db: Database;
  engine: Loader;
  files: FileStore;
  scratchDir: string;
  log: FastifyBaseLogger;
  /** Hours after which an upload still receiving is ended and its partial file swept. */
  abandonHours: number;
  /** An upload's rows were loaded into the organisation's data (alerts are evaluated again). */
  onLoaded?: (orgId: number) => void;
}

const SWEEP_MS = 10 * 60_000;

async function sha256Of(files: FileStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  const { stream } = await files.openRead(key);
  await pipeline(stream, hash);
  return hash.digest('hex');
}

async function headOf(files: FileStore, key: string): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const { stream, bytes } = await files.openRead(key);
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    read += chunk.length;
    if (read >= HEAD_BYTES) break;
  }
  stream.destroy();
  return { bytes: new Uint8Array(Buffer.concat(chunks).subarray(0, HEAD_BYTES)), complete: bytes <= HEAD_BYTES };
}

export function createUploadProcessor({
  db,
  engine,
  files,
  scratchDir,
  log,
  abandonHours,
  onLoaded,
}: Deps): UploadProcessor {
  const receivedHashes = createReceivedHashes();
  let stopping = false;
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(job: () => Promise<T>): Promise<T> => {
    const next = tail.then(job);
    tail = next.catch(() => undefined);
    return next;
  };

  /** A path the engine can read: the store's own, or a scratch copy for a store without one. */
  async function localFile(row: UploadRow): Promise<string> {
    const local = files.localPath(row.file_key);
    if (local) return local;
    await mkdir(scratchDir, { recursive: true });
    const path = join(scratchDir, `upload-${row.id}.csv`);
    const { stream } = await files.openRead(row.file_key);
    await pipeline(stream, createWriteStream(path));
    return path;
  }

  const audit = (row: UploadRow, event: Parameters<typeof recordUploadEvent>[1]['event'], detail?: string) =>
    recordUploadEvent(db, {
      orgId: row.org_id,
      uploadId: row.id,
      userId: row.user_id,
      signedInUserId: row.signed_in_user_id,
      event,
      detail,
    });

  /**
   * Loads `row`, taking out the rows of the uploads `removing`; once done, those uploads take the status
   * `removedAs` in the same transaction as this one's, so nobody reads a new version as done before its
   * predecessor reads as superseded (replaced, rolled back).
   */
  async function load(row: UploadRow, removing: number[], removedAs: UploadStatus): Promise<'done' | 'rejected'> {
    const result = await engine.loadUpload({
      scopedNodes: heldCodes(await nodeHoldersOf(db, row.org_id)),
      orgId: row.org_id,
      uploadId: row.id,
      kind: row.kind,
      path: await localFile(row),
      rejectWholeFile: row.reject_whole_file,
      removing,
      uploadLabels: await liveUploadLabels(db, row),
      onPhase: (phase, counts) =>
        updateUpload(db, row.id, {
          status: phase,
          rows_total: counts?.total ?? null,
          rows_rejected: counts?.rejected ?? null,
        }),
    });
    const status = result.refused ? 'rejected' : 'done';
    const failure = result.refused
      ? `${result.rejected} of ${result.total} rows failed and the whole file was to be rejected: nothing was loaded.`
      : null;
    await db.transaction(async (tx) => {
      await updateUpload(tx, row.id, {
        status,
        rows_total: result.total,
        rows_loaded: result.loaded,
        rows_rejected: result.rejected,
        failure,
      });
      if (status === 'done' && removing.length)
        await tx.query('update uploads set status = $2 where id = any($1)', [removing, removedAs]);
    });
    return status;
  }

  async function process(uploadId: number): Promise<void> {
    if (stopping) return; // handed back: still 'uploaded', 'validating' or 'loading' for resume()
    const row = await loadUploadRow(db, uploadId);
    if (!row || !['uploaded', 'validating', 'loading'].includes(row.status)) return;
    try {
      const sha256 = receivedHashes.take(String(row.id), Number(row.bytes)) ?? (await sha256Of(files, row.file_key));
      await updateUpload(db, row.id, {
        status: 'uploaded',
        sha256,
        duplicate_of: await earlierWithSha(db, row, sha256),
      });
      const head = await headOf(files, row.file_key);
      const check = checkCsvHead(head.bytes, row.kind, head.complete);
      if (check.fatal.length) {
        await updateUpload(db, row.id, {
          status: 'failed',
          failure: check.fatal.map((problem) => problem.message).join(' '),
          rows_loaded: 0,
        });
        await audit(row, 'failed', check.fatal[0]!.message);
        return;
      }
      const removing = await uploadsRemovedBy(db, row);
      const status = await load(row, removing, row.mode === 'replace' ? 'replaced' : 'superseded');
      await audit(
        row,
        status === 'done' ? 'loaded' : 'failed',
        removing.length ? `removed uploads ${removing.join(', ')}` : undefined,
      );
      if (status === 'done') onLoaded?.(row.org_id);
    } catch (error) {
      log.error({ err: error, uploadId }, 'upload not loaded');
      // The loader's own count check names what did not add up; anything else is not the file's fault.
      const failure =
        error instanceof UploadCountError
          ? error.message
          : error instanceof ScopedNodeError
            ? nodesInUseMessage(await nodeHoldersOf(db, row.org_id), error.codes)
            : 'The file could not be validated or loaded: nothing was loaded. Try again, or contact support if it happens again.';
      await updateUpload(db, uploadId, { status: 'failed', failure, rows_loaded: 0 });
    }
  }

  /** Every upload waiting, oldest first, while this process holds the lock; nothing when another does. */
  async function drainWaiting(): Promise<void> {
    const [first] = await db.query<{ id: number }>(`select id from uploads where ${WAITING} order by id limit 1`);
    if (!first) return;
    const lock = await db.advisoryLock(ANALYTICS_WRITE_LOCK, { wait: false });
    if (!lock) return; // its holder takes this one too before it lets go
    try {
      for (;;) {
        const [next] = await db.query<{ id: number }>(`select id from uploads where ${WAITING} order by id limit 1`);
        if (!next || stopped) return;
        await process(next.id);
      }
    } finally {
      await lock.release();
    }
  }

  /** Uploads whose client went away for good: ended, and their partial files deleted (any process may do it). */
  async function sweepAbandoned(): Promise<void> {
    const ended = await db.query<UploadRow>(
      `update uploads set status = 'failed', finished_at = now(), failure = $2
       where status = 'receiving' and created_at < now() - make_interval(secs => $1::float8 * 3600) returning *`,
      [abandonHours, `The file did not finish arriving within ${abandonHours} hours: send it again.`],
    );
    for (const row of ended) {
      await files.remove(row.file_key);
      await audit(row, 'failed', 'abandoned before its last byte');
    }
    if (ended.length)
      log.warn({ uploads: ended.map((row) => row.id) }, 'abandoned uploads ended, their partial files deleted');
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  const sweep = () =>
    void sweepAbandoned().catch((error: unknown) => log.warn({ err: error }, 'abandoned uploads not swept'));
  let draining = false;
  const drain = () => {
    if (draining || stopped) return;
    draining = true;
    void enqueue(drainWaiting)
      .catch((error: unknown) => log.warn({ err: error }, 'uploads waiting not read'))
      .finally(() => (draining = false));
  };
  const locked = <T>(work: () => Promise<T>) => enqueue(() => withAdvisoryLock(db, ANALYTICS_WRITE_LOCK, work));

  return {
    finished() {
      drain();
    },
    async resume() {
      stopped = false;
      timer ??= setInterval(drain, POLL_MS);
      sweepTimer ??= setInterval(sweep, SWEEP_MS);
      timer.unref();
      sweepTimer.unref();
      sweep();
      drain();
    },
    async stop() {
      stopped = true;
      stopping = true;
      clearInterval(timer);
      clearInterval(sweepTimer);
      timer = sweepTimer = undefined;
      await tail;
    },
    rollBack(row, previous) {
      return locked(async () => {
        const status = await load(previous, [row.id], 'rolled_back').catch(async (error: unknown) => {
          // The load wrote its phases on the previous version: a refused roll back (a node users are
          // scoped to) leaves it superseded as it was, not waiting to be loaded.
          const count = (value: number | string | null) => (value === null ? null : Number(value));
          await updateUpload(db, previous.id, {
            status: previous.status,
            rows_total: count(previous.rows_total),
            rows_rejected: count(previous.rows_rejected),
          });
          throw error;
        });
        if (status !== 'done') throw new Error(`The previous version ${previous.id} no longer loads.`);
      });
    },
    remove(row) {
      return locked(async () => {
        await engine.removeUploads(row.org_id, [row.id], heldCodes(await nodeHoldersOf(db, row.org_id)));
        await updateUpload(db, row.id, { status: 'deleted' });
        await files.remove(row.file_key);
      });
    },
    sweepAbandoned,
    idle: () => tail.then(() => undefined),
    receivedHashes,
  };
}
