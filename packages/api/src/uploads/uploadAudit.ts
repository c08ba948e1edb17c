// Every upload, load, replace, rollback and delete is written down: who (the acting
// user and the signed-in person, who differ when support staff impersonate), which upload, what.
import type { Queryable } from '../db/database.ts';

export type UploadAuditEvent =
  'upload' | 'loaded' | 'failed' | 'replace' | 'new_version' | 'rollback' | 'delete' | 'cancel' | 'expire';

export interface UploadAuditEntry {
  orgId: number;
  uploadId: number;
  userId: number;
  signedInUserId: number;
  event: UploadAuditEvent;
  detail?: string;
}

export async function recordUploadEvent(db: Queryable, entry: UploadAuditEntry): Promise<void> {
  await db.query(
    'insert into upload_audit (org_id, upload_id, user_id, signed_in_user_id, event, detail) values ($1, $2, $3, $4, $5, $6)',
    [entry.orgId, entry.uploadId, entry.userId, entry.signedInUserId, entry.event, entry.detail ?? null],
  );
}
