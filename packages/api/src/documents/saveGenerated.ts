// A file the portal made (a month's statement or extract, a partner's residual statement) into the file
// store and the documents, audited as generated; making it again replaces the earlier one of the same
// type and month (and, for a residual statement, node and book).
import type { DocumentType } from '@payportal/shared/documents';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { recordDocumentEvent } from './documentAudit.ts';
import { documentFileKey, storeBytes } from './documentFiles.ts';
import { saveDocument } from './documentRepository.ts';

export interface GeneratedFile {
  orgId: number;
  type: DocumentType;
  /** YYYY-MM */
  period: string;
  title: string;
  fileName: string;
  contentType: 'application/pdf' | 'text/csv';
  bytes: Buffer;
  /** Who asked; null when the portal generates at start. */
  userId: number | null;
  signedInUserId: number | null;
  /** A residual statement's node; null otherwise. */
  node?: string | null;
  /** The book it was made in (the asker's scope node); null: the whole organisation's. */
  book?: string | null;
}

/** Answers the new document's id. */
export async function saveGenerated({ db, store }: { db: Database; store: FileStore }, file: GeneratedFile) {
  const stored = await storeBytes(
    store,
    documentFileKey(file.orgId, file.contentType === 'text/csv' ? 'csv' : 'pdf'),
    file.bytes,
  );
  try {
    const saved = await db.transaction(async (tx) => {
      const result = await saveDocument(tx, {
        org_id: file.orgId,
        type: file.type,
        generated: true,
        title: file.title,
        period: file.period,
        file_key: stored.key,
        file_name: file.fileName,
        content_type: file.contentType,
        bytes: stored.bytes,
        sha256: stored.sha256,
        created_by: file.userId,
        signed_in_user_id: file.signedInUserId,
        node: file.node ?? null,
        book: file.book ?? null,
      });
      await recordDocumentEvent(tx, {
        orgId: file.orgId,
        documentId: result.id,
        userId: file.userId,
        signedInUserId: file.signedInUserId,
        event: 'generate',
        title: file.title,
        sha256: stored.sha256,
      });
      return result;
    });
    if (saved.replaced) await store.remove(saved.replaced.file_key);
    return saved.id;
  } catch (error) {
    await store.remove(stored.key);
    throw error;
  }
}
