// Ending a receiving upload before its last byte: cancelled by its creator (tus termination) or by an
// owner or upload admin from the history, or expired by the server when no bytes arrived for
// UPLOAD_IDLE_MINUTES. Either way the partial file is deleted, the slot freed and the audit told.
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { recordUploadEvent } from './uploadAudit.ts';
import { endReceiving, idleUploads, type UploadRow } from './uploadRepository.ts';

export interface UploadEnder {
  /** Cancels a receiving upload for `actor`; false when it was no longer receiving. */
  cancel(row: UploadRow, actor: { userId: number; signedInUserId: number }): Promise<boolean>;
  /** Expires every upload idle past the limit (run before slots are counted, and on a timer). */
  expireIdle(): Promise<void>;
  /** Starts the timer; returns its stop. */
  start(): () => void;
}

export function createUploadEnder({
  db,
  files,
  idleMinutes,
}: {
  db: Database;
  files: FileStore;
  idleMinutes: number;
}): UploadEnder {
  const idleSeconds = idleMinutes * 60;
  const end = async (
    id: number,
    status: 'cancelled' | 'expired',
    actor?: { userId: number; signedInUserId: number },
  ) => {
    const row = await endReceiving(db, id, status);
    if (!row) return false;
    await files.remove(row.file_key);
    await recordUploadEvent(db, {
      orgId: row.org_id,
      uploadId: row.id,
      userId: actor?.userId ?? row.user_id,
      signedInUserId: actor?.signedInUserId ?? row.signed_in_user_id,
      event: status === 'cancelled' ? 'cancel' : 'expire',
      detail: status === 'expired' ? `no bytes for ${idleMinutes} minutes` : row.file_name,
    });
    return true;
  };
  const expireIdle = async () => {
    for (const id of await idleUploads(db, idleSeconds)) await end(id, 'expired');
  };
  return {
    cancel: (row, actor) => end(row.id, 'cancelled', actor),
    expireIdle,
    start() {
      const timer = setInterval(
        () => void expireIdle().catch(() => undefined),
        Math.min(60_000, (idleSeconds * 1000) / 2),
      );
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
