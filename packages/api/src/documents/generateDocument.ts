// Makes a month's statement (PDF) or merchant master extract (CSV) for an organisation from the analytics
// data, stores it and records it; making it again replaces the month's earlier one.
import { queryScope } from '../auth/callerScope.ts';
import type { AnalyticsEngine } from '@payportal/analytics';
import { monthLabel, type GeneratedDocumentType } from '@payportal/shared/documents';
import type { Admission } from '../admission/admission.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { loadStatement } from './loadStatement.ts';
import { merchantExtractCsv } from './merchantExtractCsv.ts';
import { renderStatementPdf, statementTitle } from './renderStatementPdf.ts';
import { saveGenerated } from './saveGenerated.ts';

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
    contentType: 'application/pdf',
    fileName: (period: string) => `portfolio-statement-${period}.pdf`,
    title: statementTitle,
  },
  merchant_extract: {
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
  return saveGenerated(
    { db, store },
    {
      orgId,
      type,
      period,
      title: file.title(period),
      fileName: file.fileName(period),
      contentType: file.contentType,
      bytes,
      userId: request.userId,
      signedInUserId: request.signedInUserId,
    },
  );
}
