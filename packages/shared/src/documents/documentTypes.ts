// What a document is: the portal generates two types of a month from the analytics data, and a
// partner's residual statement on request (from /residuals/{nodeId}); people upload the others as PDFs.
// Each type has the label the screen shows.
export const GENERATED_DOCUMENT_TYPES = ['statement', 'merchant_extract'] as const;
export const RESIDUAL_DOCUMENT_TYPE = 'residual_statement';
export const UPLOADED_DOCUMENT_TYPES = ['scheme_notice', 'contract', 'guide', 'other'] as const;
export const DOCUMENT_TYPES = [
  ...GENERATED_DOCUMENT_TYPES,
  RESIDUAL_DOCUMENT_TYPE,
  ...UPLOADED_DOCUMENT_TYPES,
] as const;

export type GeneratedDocumentType = (typeof GENERATED_DOCUMENT_TYPES)[number];
export type UploadedDocumentType = (typeof UPLOADED_DOCUMENT_TYPES)[number];
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  statement: 'Portfolio statement',
  merchant_extract: 'Merchant master extract',
  residual_statement: 'Residual statement',
  scheme_notice: 'Scheme notice',
  contract: 'Contract',
  guide: 'Guide',
  other: 'Other',
};

/** The largest PDF an upload may be. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Why a file over the cap is refused: the API answers it, the app says it before sending. */
export const DOCUMENT_TOO_LARGE_TEXT = `This file is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB: upload a PDF of at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`;

/** A PDF file starts with these bytes (ISO 32000-1 §7.5.2); the name and the declared type prove nothing. */
export const PDF_MAGIC = '%PDF-';

/** A month as YYYY-MM, its name as a person reads it ("October 2026"). */
export function monthLabel(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The last full month before `today` (YYYY-MM-DD) as YYYY-MM. */
export function lastFullMonth(today: string): string {
  const [year, month] = today.split('-').map(Number);
  const previous = new Date(Date.UTC(year!, month! - 2, 1));
  return previous.toISOString().slice(0, 7);
}
