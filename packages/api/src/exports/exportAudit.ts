// Every export run, its end and every download is written down: who (the acting
// user and the signed-in person, who differ when support staff impersonate), what (the query, or the
// optimizer's P&L request, the dispute queue's view, or a residual statement), rows.
import type { QueryDescription } from '@payportal/shared/analytics';
import type { DisputeQueueView } from '@payportal/shared/disputes';
import type { PnlExport } from '@payportal/shared/optimizer';
import type { ResidualStatementExport } from '@payportal/shared/residuals';
import type { Queryable } from '../db/database.ts';

export type ExportAuditEvent = 'run' | 'ready' | 'failed' | 'cancelled' | 'download';

export interface ExportAuditEntry {
  orgId: number;
  jobId: number;
  userId: number;
  signedInUserId: number;
  event: ExportAuditEvent;
  definitionId?: number | null;
  query?: QueryDescription | null;
  pnl?: PnlExport | null;
  disputes?: DisputeQueueView | null;
  residuals?: ResidualStatementExport | null;
  rows?: number;
}

export async function recordExportEvent(db: Queryable, entry: ExportAuditEntry): Promise<void> {
  await db.query(
    'insert into export_audit (org_id, job_id, user_id, signed_in_user_id, event, definition_id, query, pnl, disputes, residuals, rows) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
    [
      entry.orgId,
      entry.jobId,
      entry.userId,
      entry.signedInUserId,
      entry.event,
      entry.definitionId ?? null,
      entry.query ? JSON.stringify(entry.query) : null,
      entry.pnl ? JSON.stringify(entry.pnl) : null,
      entry.disputes ? JSON.stringify(entry.disputes) : null,
      entry.residuals ? JSON.stringify(entry.residuals) : null,
      entry.rows ?? null,
    ],
  );
}
