// Makes a month's statement (PDF) or merchant master extract (CSV) for an organisation from the analytics
// data, stores it and records it; making it again replaces the month's earlier one.
import { queryScope } from '../auth/callerScope.ts';
import type { AnalyticsEngine } from '@payportal/analytics';
import { monthLabel, type GeneratedDocumentType } from '@payportal/shared/documents';
import type { Admission } from '../admission/admission.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { recordDocumentEvent } from './documentAudit.ts';
import { documentFileKey, storeBytes } from './documentFiles.ts';
import { saveDocument } from './documentRepository.ts';
import { loadStatement } from './loadStatement.ts';
import { merchantExtractCsv } from './merchantExtractCsv.ts';
import { renderStatementPdf, statementTitle } from './renderStatementPdf.ts';

export interface GenerationDeps {
  db: Database;
  engine: AnalyticsEngine;
  /** A document is made in one `document` turn (the portal's own at start count as user 0). */
  admission: Admission;
  store: FileStore;
  today: () => string;
  timeoutMs: number;
}

export interface GenerationRequest {
  orgId: number;
  type: GeneratedDocumentType;
  /** YYYY-MM */
  period: string;
  /** Who asked; null when the portal generates at start. */
  userId: number | null;
  signedInUserId: number | null;
}

const FILES = {
  statement: {
    extension: 'pdf',
    contentType: 'application/pdf',
    fileName: (period: string) => `portfolio-statement-${period}.pdf`,
    title: statementTitle,
  },
  merchant_extract: {
    extension: 'csv',
    contentType: 'text/csv',
    fileName: (period: string) => `merchant-master-${period}.csv`,
    title: (period: string) => `Merchant master extract ${monthLabel(period)}`,
  },
} as const;

/** Answers the new document's id. */
export async function generateDocument(
  { db, engine, admission, store, today, timeoutMs }: GenerationDeps,
  request: GenerationRequest,
): Promise<number> {
  const { orgId, type, period } = request;
  // owners make documents (never scoped): the whole organisation's book
  const scope = queryScope(orgId, null, today());
  const [org] = await db.query<{ name: string }>('select name from organizations where id = $1', [orgId]);
  const turn = { kind: 'document', orgId, userId: request.userId ?? 0, arrivedAt: Date.now(), timeoutMs } as const;
  const bytes = await admission.run(turn, async (left = timeoutMs) =>
    type === 'statement'
      ? renderStatementPdf(await loadStatement(engine, scope, period, org?.name ?? '', left), new Date())
      : merchantExtractCsv(engine, scope, period, left),
  );
  const file = FILES[type];
  const stored = await storeBytes(store, documentFileKey(orgId, file.extension), bytes);
  const title = file.title(period);
  try {
    const saved = await db.transaction(async (tx) => {
      const result = await saveDocument(tx, {
        org_id: orgId,
        type,
        generated: true,
        title,
        period,
        file_key: stored.key,
        file_name: file.fileName(period),
        content_type: file.contentType,
        bytes: stored.bytes,
        sha256: stored.sha256,
        created_by: request.userId,
        signed_in_user_id: request.signedInUserId,
      });
      await recordDocumentEvent(tx, {
        orgId,
        documentId: result.id,
        userId: request.userId,
        signedInUserId: request.signedInUserId,
        event: 'generate',
        title,
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
