// After the last byte (issue #15 item 3): the SHA-256 and the duplicate warning, the head check the
// browser ran (it can be bypassed), then validation and load in the engine, phase by phase, with counts.
// One job at a time in this process: the engine's file has one writer, and rollbacks and deletes queue
// behind loads. Uploads left half-way by a stop are taken up again at the next start (the engine's
// transaction was rolled back, so nothing of them is loaded).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UploadCountError, type AnalyticsEngine } from '@payportal/analytics';
import { checkCsvHead, HEAD_BYTES, type UploadStatus } from '@payportal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { createReceivedHashes, type ReceivedHashes } from './receivedHashes.ts';
import { recordUploadEvent } from './uploadAudit.ts';
import { earlierWithSha, liveUploadLabels, loadUploadRow, updateUpload, uploadsRemovedBy, type UploadRow } from './uploadRepository.ts';

type Loader = Required<Pick<AnalyticsEngine, 'loadUpload' | 'removeUploads'>>;

export interface UploadProcessor {
  /** Queues an upload whose bytes have all arrived. */
  finished(uploadId: number): void;
  /** Takes up uploads a previous process left before their end. */
  resume(): Promise<void>;
  /** Rolls `row` back to `previous`, in the queue; resolves when done. */
  rollBack(row: UploadRow, previous: UploadRow): Promise<void>;
  /** Removes the upload's rows, in the queue; resolves when done. */
  remove(row: UploadRow): Promise<void>;
  /** Resolves when the queue is empty (tests, shutdown). */
  idle(): Promise<void>;
  /** The SHA-256s of uploads being received (the tus store feeds them). */
  receivedHashes: ReceivedHashes;
}

interface Deps {
  db: Database;
  engine: Loader;
  files: FileStore;
  scratchDir: string;
  log: FastifyBaseLogger;
}

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

export function createUploadProcessor({ db, engine, files, scratchDir, log }: Deps): UploadProcessor {
  const receivedHashes = createReceivedHashes();
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
    recordUploadEvent(db, { orgId: row.org_id, uploadId: row.id, userId: row.user_id, signedInUserId: row.signed_in_user_id, event, detail });

  /**
   * Loads `row`, taking out the rows of the uploads `removing`; once done, those uploads take the status
   * `removedAs` in the same transaction as this one's, so nobody reads a new version as done before its
   * predecessor reads as superseded (replaced, rolled back).
   */
  async function load(row: UploadRow, removing: number[], removedAs: UploadStatus): Promise<'done' | 'rejected'> {
    const result = await engine.loadUpload({
      orgId: row.org_id,
      uploadId: row.id,
      kind: row.kind,
      path: await localFile(row),
      rejectWholeFile: row.reject_whole_file,
      removing,
      uploadLabels: await liveUploadLabels(db, row),
      onPhase: (phase, counts) => updateUpload(db, row.id, { status: phase, rows_total: counts?.total ?? null, rows_rejected: counts?.rejected ?? null }),
    });
    const status = result.refused ? 'rejected' : 'done';
    const failure = result.refused ? `${result.rejected} of ${result.total} rows failed and the whole file was to be rejected: nothing was loaded.` : null;
    await db.transaction(async (tx) => {
      await updateUpload(tx, row.id, { status, rows_total: result.total, rows_loaded: result.loaded, rows_rejected: result.rejected, failure });
      if (status === 'done' && removing.length) await tx.query('update uploads set status = $2 where id = any($1)', [removing, removedAs]);
    });
    return status;
  }

  async function process(uploadId: number): Promise<void> {
    const row = await loadUploadRow(db, uploadId);
    if (!row || !['uploaded', 'validating', 'loading'].includes(row.status)) return;
    try {
      const sha256 = receivedHashes.take(String(row.id), Number(row.bytes)) ?? (await sha256Of(files, row.file_key));
      await updateUpload(db, row.id, { status: 'uploaded', sha256, duplicate_of: await earlierWithSha(db, row, sha256) });
      const head = await headOf(files, row.file_key);
      const check = checkCsvHead(head.bytes, row.kind, head.complete);
      if (check.fatal.length) {
        await updateUpload(db, row.id, { status: 'failed', failure: check.fatal.map((problem) => problem.message).join(' '), rows_loaded: 0 });
        await audit(row, 'failed', check.fatal[0]!.message);
        return;
      }
      const removing = await uploadsRemovedBy(db, row);
      const status = await load(row, removing, row.mode === 'replace' ? 'replaced' : 'superseded');
      await audit(row, status === 'done' ? 'loaded' : 'failed', removing.length ? `removed uploads ${removing.join(', ')}` : undefined);
    } catch (error) {
      log.error({ err: error, uploadId }, 'upload not loaded');
      // The loader's own count check names what did not add up; anything else is not the file's fault.
      const failure = error instanceof UploadCountError ? error.message : 'The file could not be validated or loaded: nothing was loaded. Try again, or contact support if it happens again.';
      await updateUpload(db, uploadId, { status: 'failed', failure, rows_loaded: 0 });
    }
  }

  return {
    finished(uploadId) {
      void enqueue(() => process(uploadId));
    },
    async resume() {
      const rows = await db.query<{ id: number }>("select id from uploads where status in ('uploaded', 'validating', 'loading') order by id");
      for (const { id } of rows) void enqueue(() => process(id));
    },
    rollBack(row, previous) {
      return enqueue(async () => {
        const status = await load(previous, [row.id], 'rolled_back');
        if (status !== 'done') throw new Error(`The previous version ${previous.id} no longer loads.`);
      });
    },
    remove(row) {
      return enqueue(async () => {
        await engine.removeUploads(row.org_id, [row.id]);
        await updateUpload(db, row.id, { status: 'deleted' });
        await files.remove(row.file_key);
      });
    },
    idle: () => tail.then(() => undefined),
    receivedHashes,
  };
}

