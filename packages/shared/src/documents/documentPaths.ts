// The documents API: each route's pattern (what the API registers) and its
// path builder (what the app calls) side by side, so the two cannot drift apart.
const base = '/api/documents/v1';

export const DOCUMENT_ROUTES = {
  documents: `${base}/documents/`,
  document: `${base}/documents/:documentId`,
  content: `${base}/documents/:documentId/content`,
  downloadTicket: `${base}/documents/:documentId/download-ticket`,
  generated: `${base}/generated/`,
  download: `${base}/downloads/:ticket`,
} as const;

export const DOCUMENT_PATHS = {
  /** GET ?search=&type=&period=&page=: the organisation's documents, newest first; POST (a PDF body, ?title=&type=&period=): upload. */
  documents: () => DOCUMENT_ROUTES.documents,
  /** GET: one document's details; DELETE (org owners). */
  document: (documentId: number) => `${base}/documents/${documentId}`,
  /** GET with the bearer token: the file's bytes, for the in-page viewer. */
  content: (documentId: number) => `${base}/documents/${documentId}/content`,
  /** POST: a short-lived single-use download URL. */
  downloadTicket: (documentId: number) => `${base}/documents/${documentId}/download-ticket`,
  /** POST { type, period }: generate (or make again) a statement or an extract (org owners). */
  generated: () => DOCUMENT_ROUTES.generated,
} as const;
