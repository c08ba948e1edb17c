// The documents API's bodies and answers: one schema per input, used by the API to validate
// and by the app to build requests; the answers are checked on both sides.
import { z } from 'zod';
import { idSchema } from '../identity/domain.ts';
import { DOCUMENT_TYPES, GENERATED_DOCUMENT_TYPES, UPLOADED_DOCUMENT_TYPES } from './documentTypes.ts';

/** A calendar month as YYYY-MM, 2000–2199. */
export const periodSchema = z
  .string()
  .regex(/^(20\d\d|21\d\d)-(0[1-9]|1[0-2])$/, { error: 'must be a month as YYYY-MM' });

// Control characters (C0, DEL, C1) would break a file name or a header; a title is one line a person reads.
const isControl = (char: string) => {
  const code = char.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};
export const documentTitleSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(200, { error: 'must be at most 200 characters' })
  .refine((value) => ![...value].some(isControl), { error: 'must be one line of text' });

export const documentParamsSchema = z.object({ documentId: idSchema });

export const documentSchema = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  /** True for the portal's statements and extracts, false for uploaded files. */
  generated: z.boolean(),
  title: z.string(),
  /** The month it is about, YYYY-MM. */
  period: z.string(),
  /** The download's file name. */
  file_name: z.string(),
  content_type: z.enum(['application/pdf', 'text/csv']),
  bytes: z.number().int().min(0),
  sha256: z.string(),
  /** Who uploaded or generated it; null when the portal generated it by itself. */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** ISO 8601 instant. */
  created_at: z.string(),
  /** Whether the caller may delete it (org owners, not while impersonating read-only). */
  can_delete: z.boolean(),
});
export type PortalDocument = z.infer<typeof documentSchema>;

export const DOCUMENT_PAGE_SIZE = 20;

/** GET documents/: search by title, filter by type and month, newest first, paged. */
export const documentListQuerySchema = z.strictObject({
  search: z.string().trim().max(100, { error: 'must be at most 100 characters' }).optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  period: periodSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(DOCUMENT_PAGE_SIZE),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;
export type DocumentListQueryInput = z.input<typeof documentListQuerySchema>;

export const documentListSchema = z.object({
  documents: z.array(documentSchema),
  /** Documents matching the search and filters, over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  /** Whether the caller may upload (org owners and upload_admin) and generate (org owners). */
  can_upload: z.boolean(),
  can_generate: z.boolean(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

/** POST documents/ (the body is the PDF itself): what the file is. */
export const uploadDocumentQuerySchema = z.strictObject({
  title: documentTitleSchema,
  type: z.enum(UPLOADED_DOCUMENT_TYPES, { error: `must be one of ${UPLOADED_DOCUMENT_TYPES.join(', ')}` }),
  period: periodSchema,
});
export type UploadDocumentQuery = z.output<typeof uploadDocumentQuerySchema>;

/** POST generated/: make a month's statement or extract (again). The month must have ended. */
export const generateDocumentBodySchema = z.strictObject({
  type: z.enum(GENERATED_DOCUMENT_TYPES, { error: `must be one of ${GENERATED_DOCUMENT_TYPES.join(', ')}` }),
  period: periodSchema,
});
export type GenerateDocumentBody = z.output<typeof generateDocumentBodySchema>;
