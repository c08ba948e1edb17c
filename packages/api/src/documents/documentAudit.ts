// Every generation, upload, view, download and delete of a document is written down:
// who (the acting user and the signed-in person, who differ when support staff impersonate; no one when
// the portal generated it at start), what (its title and SHA-256).
import type { Queryable } from '../db/database.ts';

export type DocumentAuditEvent = 'generate' | 'upload' | 'view' | 'download' | 'delete';

export interface DocumentAuditEntry {
  orgId: number;
  documentId: number;
  /** Null for the portal itself. */
  userId: number | null;
  signedInUserId: number | null;
  event: DocumentAuditEvent;
  title: string;
  sha256: string;
}

export async function recordDocumentEvent(db: Queryable, entry: DocumentAuditEntry): Promise<void> {
  await db.query(
    'insert into document_audit (org_id, document_id, user_id, signed_in_user_id, event, title, sha256) values ($1, $2, $3, $4, $5, $6, $7)',
    [entry.orgId, entry.documentId, entry.userId, entry.signedInUserId, entry.event, entry.title, entry.sha256],
  );
}
