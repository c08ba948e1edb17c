// The residuals screens' calls, on the shared contract (`@payportal/shared/residuals`). A statement's
// CSV is an export job (followed and downloaded like any export) and its PDF a generated document
// (downloaded through the documents' single-use ticket).
import { DOCUMENT_PATHS, documentSchema } from '@payportal/shared/documents';
import { downloadTicketSchema, exportJobSchema } from '@payportal/shared/exports';
import {
  RESIDUAL_PATHS,
  residualFileBodySchema,
  residualMerchantsSchema,
  residualRunBodySchema,
  residualRunSchema,
  residualSetupSchema,
  residualStatementsSchema,
} from '@payportal/shared/residuals';
import { apiRequest } from '../../lib/apiClient.ts';
import { downloadWithTicket } from '../../lib/downloadWithTicket.ts';

export const fetchStatements = (month: string, signal?: AbortSignal) =>
  apiRequest(RESIDUAL_PATHS.statements(month), { schema: residualStatementsSchema, signal });

export const fetchMerchantLines = (node: string, month: string, signal?: AbortSignal) =>
  apiRequest(RESIDUAL_PATHS.merchants(node, month), { schema: residualMerchantsSchema, signal });

export const fetchSetup = (month: string, signal?: AbortSignal) =>
  apiRequest(RESIDUAL_PATHS.setup(month), { schema: residualSetupSchema, signal });

export const closeMonth = (month: string) =>
  apiRequest(RESIDUAL_PATHS.runs(), {
    method: 'POST',
    body: residualRunBodySchema.parse({ month }),
    schema: residualRunSchema,
  });

/** Queues the statement's CSV as an export job. */
export const exportStatementCsv = (node: string, month: string) =>
  apiRequest(RESIDUAL_PATHS.statementCsv(node), {
    method: 'POST',
    body: residualFileBodySchema.parse({ month }),
    schema: exportJobSchema,
  });

/** Makes the statement's PDF, then downloads it. */
export async function downloadStatementPdf(node: string, month: string): Promise<void> {
  const made = await apiRequest(RESIDUAL_PATHS.statementPdf(node), {
    method: 'POST',
    body: residualFileBodySchema.parse({ month }),
    schema: documentSchema,
  });
  await downloadWithTicket(() =>
    apiRequest(DOCUMENT_PATHS.downloadTicket(made.id), { method: 'POST', schema: downloadTicketSchema }),
  );
}
