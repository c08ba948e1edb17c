// The uploads API's inputs and answers: one schema per input, used by the API to validate
// and by the app to build requests; the answers are checked on both sides.
import { z } from 'zod';
import { idSchema } from '../identity/domain.ts';
import { UPLOAD_KINDS } from './uploadKinds.ts';

/** append adds rows; replace removes every earlier upload of the kind; new_version supersedes the loaded upload of the series it names (rollback brings it back). */
export const UPLOAD_MODES = ['append', 'replace', 'new_version'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];
export const UPLOAD_MODE_LABELS: Record<UploadMode, string> = {
  append: 'Append',
  replace: 'Replace',
  new_version: 'New version',
};

/**
 * receiving (bytes arriving) → uploaded → validating → loading → done; failed (the file refused with a
 * reason, nothing loaded); rejected (some row failed and the whole file was to be rejected); then, after
 * later actions: superseded (a new version took its place), replaced, rolled_back, deleted; a receiving
 * upload may end cancelled (by its creator, an owner or upload admin) or expired (no bytes for the idle limit).
 */
export const UPLOAD_STATUSES = [
  'receiving',
  'uploaded',
  'validating',
  'loading',
  'done',
  'failed',
  'rejected',
  'superseded',
  'replaced',
  'rolled_back',
  'deleted',
  'cancelled',
  'expired',
] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const UPLOAD_PHASES = ['uploaded', 'validating', 'loading', 'done'] as const satisfies readonly UploadStatus[];

/** Default size cap; the API's UPLOAD_MAX_BYTES overrides it. */
export const UPLOAD_MAX_BYTES_DEFAULT = 2 * 1024 ** 3;
/** Default uploads one organisation may have receiving or in validation at once; UPLOAD_CONCURRENT_PER_ORG overrides it. */
export const UPLOAD_CONCURRENT_DEFAULT = 3;
/** Default minutes a receiving upload may go without bytes before the server expires it; UPLOAD_IDLE_MINUTES overrides it. */
export const UPLOAD_IDLE_MINUTES_DEFAULT = 15;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Control characters (C0, DEL, C1) and bidirectional marks, overrides and isolates. */
const HIDDEN_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** An uploaded file's name, checked by the browser when the file is chosen and by the API at creation. */
export const uploadFileNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(255, { error: 'must be at most 255 characters' })
  // Shown in the history and the audit: a control character or a text-direction override could make it read as another name.
  .refine((name) => !HIDDEN_CHARACTERS.test(name), {
    error: 'must not contain control characters or text-direction marks: rename the file and choose it again',
  });

/** The tus Upload-Metadata of a new upload (base64 values decoded). */
export const uploadMetadataSchema = z
  .strictObject({
    filename: uploadFileNameSchema,
    filetype: z.string().max(255).optional(),
    kind: z.enum(UPLOAD_KINDS),
    mode: z.enum(UPLOAD_MODES),
    reject_whole_file: flag.default(false),
    /** new_version only: an upload of the series this file is a new version of (the API checks it is the caller's to version, of the same kind). */
    version_of: z.optional(idSchema),
  })
  .check((context) => {
    const { mode, version_of } = context.value;
    if (mode === 'new_version' && version_of === undefined) {
      context.issues.push({
        code: 'custom',
        input: version_of,
        path: ['version_of'],
        message: 'is required for a new version: name the upload this file replaces',
      });
    }
    if (mode !== 'new_version' && version_of !== undefined) {
      context.issues.push({
        code: 'custom',
        input: version_of,
        path: ['version_of'],
        message: 'is only for a new version',
      });
    }
  });
export type UploadMetadata = z.output<typeof uploadMetadataSchema>;

export const uploadParamsSchema = z.object({ uploadId: idSchema });

export const uploadSchema = z.object({
  id: z.number().int(),
  kind: z.enum(UPLOAD_KINDS),
  mode: z.enum(UPLOAD_MODES),
  /** The version within its series (new_version counts up from the upload it supersedes). */
  version: z.number().int(),
  /** The series: the id of its first upload (an upload that is no one's new version starts its own). */
  series_id: z.number().int(),
  file_name: z.string(),
  bytes: z.number().int().min(0),
  /** Bytes received so far (tus offset). */
  received_bytes: z.number().int().min(0),
  /** Hex SHA-256 of the file; null until every byte has arrived. */
  sha256: z.string().nullable(),
  /** An earlier upload of the organisation with the same SHA-256 (a warning, not a refusal). */
  duplicate_of: z.number().int().nullable(),
  status: z.enum(UPLOAD_STATUSES),
  reject_whole_file: z.boolean(),
  rows_total: z.number().int().nullable(),
  rows_loaded: z.number().int().nullable(),
  rows_rejected: z.number().int().nullable(),
  /** Why the whole file was refused (failed), in words for the uploader. */
  failure: z.string().nullable(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string() }),
  /** ISO 8601 instants. */
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The caller may roll back, replace and delete it (upload_admin, org owners; not while impersonating read-only). */
  can_manage: z.boolean(),
  /** A previous version exists to roll back to. */
  can_roll_back: z.boolean(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const UPLOAD_PAGE_SIZE = 20;

export const uploadListQuerySchema = z.strictObject({
  kind: z.enum(UPLOAD_KINDS).optional(),
  status: z.enum(UPLOAD_STATUSES).optional(),
  user_id: z.optional(idSchema),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type UploadListQuery = z.output<typeof uploadListQuerySchema>;
export type UploadListQueryInput = z.input<typeof uploadListQuerySchema>;

export const uploadListSchema = z.object({
  uploads: z.array(uploadSchema),
  total: z.number().int(),
  /** The people whose uploads the caller may see, for the person filter. */
  people: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type UploadList = z.infer<typeof uploadListSchema>;

export const REJECT_PAGE_SIZE = 50;

export const rejectsQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) });

export const uploadRejectSchema = z.object({
  /** The record's line (the header is line 1; a record with a quoted line break counts once). */
  line: z.number().int(),
  /** The column, or null when the whole line is malformed. */
  column: z.string().nullable(),
  value: z.string().nullable(),
  reason: z.string(),
});
export type UploadReject = z.infer<typeof uploadRejectSchema>;

export const rejectsPageSchema = z.object({
  rejects: z.array(uploadRejectSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RejectsPage = z.infer<typeof rejectsPageSchema>;
