// The documents calls, parsed with the shared contract. The viewer reads a PDF's bytes with
// the bearer token in a header; downloads go through single-use tickets, never a token in a URL.
import {
  DOCUMENT_PATHS,
  documentListQuerySchema,
  documentListSchema,
  documentSchema,
  uploadDocumentQuerySchema,
  type DocumentListQueryInput,
  type GenerateDocumentBody,
  type UploadDocumentQuery,
} from '@payportal/shared/documents';
import { downloadTicketSchema } from '@payportal/shared/exports';
import { apiBytes, apiRequest } from '../../lib/apiClient.ts';
import { downloadWithTicket } from '../../lib/downloadWithTicket.ts';

export function fetchDocuments(query: DocumentListQueryInput, signal?: AbortSignal) {
  const parsed = documentListQuerySchema.parse(query);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(parsed))
    if (value !== undefined && value !== '') params.set(name, String(value));
  return apiRequest(`${DOCUMENT_PATHS.documents()}?${params}`, { schema: documentListSchema, signal });
}

export function uploadDocument(file: File, metadata: UploadDocumentQuery) {
  const params = new URLSearchParams(uploadDocumentQuerySchema.parse(metadata));
  // Sent as a PDF whatever the browser guessed from the name: the API checks the bytes.
  return apiRequest(`${DOCUMENT_PATHS.documents()}?${params}`, {
    method: 'POST',
    body: new Blob([file], { type: 'application/pdf' }),
    schema: documentSchema,
  });
}

export function generateDocument(body: GenerateDocumentBody) {
  return apiRequest(DOCUMENT_PATHS.generated(), { method: 'POST', body, schema: documentSchema });
}

export function deleteDocument(id: number) {
  return apiRequest(DOCUMENT_PATHS.document(id), { method: 'DELETE' });
}

export const fetchDocumentBytes = (id: number, signal?: AbortSignal) =>
  apiBytes(DOCUMENT_PATHS.content(id), { signal });

export const downloadDocument = (id: number) =>
  downloadWithTicket(() =>
    apiRequest(DOCUMENT_PATHS.downloadTicket(id), { method: 'POST', schema: downloadTicketSchema }),
  );
