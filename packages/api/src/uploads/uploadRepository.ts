// Upload records in PostgreSQL: one row from the first tus byte to the end of its load and
// later actions. Every read names the viewer's organisation (another's upload is not found: 404), and
// an uploader without upload_admin sees only their own.
import {
  uploadSchema,
  type Upload,
  type UploadKind,
  type UploadListQuery,
  type UploadMode,
  type UploadStatus,
  UPLOAD_PAGE_SIZE,
} from '@payportal/shared/uploads';
import type { Queryable } from '../db/database.ts';

export interface UploadViewer {
  userId: number;
  orgId: number;
  /** upload_admin or org owner: sees the organisation's uploads, not only their own. */
  seesOrganisation: boolean;
  /** May roll back, replace and delete (upload_admin, org owners; not while impersonating read-only). */
  canManage: boolean;
}

export interface UploadRow {
  id: number;
  org_id: number;
  user_id: number;
  signed_in_user_id: number;
  user_name: string;
  kind: UploadKind;
  mode: UploadMode;
  series_id: number | null;
  version: number;
  reject_whole_file: boolean;
  file_name: string;
  file_key: string;
  bytes: number | string;
  sha256: string | null;
  duplicate_of: number | null;
  status: UploadStatus;
  rows_total: number | string | null;
  rows_loaded: number | string | null;
  rows_rejected: number | string | null;
  failure: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  /** A superseded earlier version exists in the series (filled by the queries). */
  has_previous: boolean;
}

/** Statuses of an upload still using the organisation's concurrent allowance. */
export const ACTIVE_STATUSES: readonly UploadStatus[] = ['receiving', 'uploaded', 'validating', 'loading'];

const SELECT = `select up.*, u.name as user_name, exists (select 1 from uploads p where p.org_id = up.org_id and p.series_id = up.series_id
    and p.version < up.version and p.status = 'superseded') as has_previous
  from uploads up join users u on u.id = up.user_id`;

const count = (value: number | string | null) => (value === null ? null : Number(value));

export function toUpload(row: UploadRow, viewer: UploadViewer, receivedBytes: number): Upload {
  return uploadSchema.parse({
    ...row,
    series_id: row.series_id ?? row.id,
    bytes: Number(row.bytes),
    received_bytes: receivedBytes,
    rows_total: count(row.rows_total),
    rows_loaded: count(row.rows_loaded),
    rows_rejected: count(row.rows_rejected),
    uploaded_by: { id: row.user_id, name: row.user_name },
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
    can_manage: viewer.canManage,
    can_roll_back: viewer.canManage && row.status === 'done' && row.has_previous,
  });
}

/** The upload by id as the viewer may see it, or null (404). */
export async function findUpload(db: Queryable, id: number, viewer: UploadViewer): Promise<UploadRow | null> {
  const [row] = await db.query<UploadRow>(`${SELECT} where up.id = $1 and up.org_id = $2 and ($3 or up.user_id = $4)`, [
    id,
    viewer.orgId,
    viewer.seesOrganisation,
    viewer.userId,
  ]);
  return row ?? null;
}

/** For the processor, which acts for the organisation itself. */
export async function loadUploadRow(db: Queryable, id: number): Promise<UploadRow | null> {
  const [row] = await db.query<UploadRow>(`${SELECT} where up.id = $1`, [id]);
  return row ?? null;
}

export async function listUploads(
  db: Queryable,
  viewer: UploadViewer,
  query: UploadListQuery,
): Promise<{ rows: UploadRow[]; total: number; people: { id: number; name: string }[] }> {
  const where = `where up.org_id = $1 and ($2 or up.user_id = $3) and ($4::text is null or up.kind = $4) and ($5::text is null or up.status = $5)
    and ($6::integer is null or up.user_id = $6)`;
  const params = [
    viewer.orgId,
    viewer.seesOrganisation,
    viewer.userId,
    query.kind ?? null,
    query.status ?? null,
    query.user_id ?? null,
  ];
  const rows = await db.query<UploadRow>(
    `${SELECT} ${where} order by up.created_at desc, up.id desc limit ${UPLOAD_PAGE_SIZE} offset $7`,
    [...params, (query.page - 1) * UPLOAD_PAGE_SIZE],
  );
  const [{ total }] = (await db.query<{ total: string }>(
    `select count(*) as total from uploads up ${where}`,
    params,
  )) as [{ total: string }];
  const people = await db.query<{ id: number; name: string }>(
    'select distinct u.id, u.name from uploads up join users u on u.id = up.user_id where up.org_id = $1 and ($2 or up.user_id = $3) order by u.name, u.id',
    params.slice(0, 3),
  );
  return { rows, total: Number(total), people };
}

/** Uploads really receiving or being processed (an idle one is expired first: uploadExpiry.ts). */
export async function countActiveUploads(db: Queryable, orgId: number): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    'select count(*) as n from uploads where org_id = $1 and status = any($2)',
    [orgId, ACTIVE_STATUSES],
  );
  return Number(row?.n ?? 0);
}

/** Bytes arrived: the idle limit counts from now. */
export async function touchUpload(db: Queryable, id: number): Promise<void> {
  await db.query('update uploads set received_at = now() where id = $1', [id]);
}

/** Ends a receiving upload as cancelled or expired; the row as it was, or null when it was no longer receiving. */
export async function endReceiving(
  db: Queryable,
  id: number,
  status: 'cancelled' | 'expired',
): Promise<UploadRow | null> {
  const [row] = await db.query<UploadRow>(
    "update uploads set status = $2, finished_at = now() where id = $1 and status = 'receiving' returning *, '' as user_name, false as has_previous",
    [id, status],
  );
  return row ?? null;
}

/** Receiving uploads with no bytes for `idleSeconds`. */
export async function idleUploads(db: Queryable, idleSeconds: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    "select id from uploads where status = 'receiving' and received_at < now() - $1 * interval '1 second'",
    [idleSeconds],
  );
  return rows.map((row) => row.id);
}

/** A record tus refused to create: it never existed for anyone. */
export async function forgetUpload(db: Queryable, id: number): Promise<void> {
  await db.query('delete from upload_audit where upload_id = $1', [id]);
  await db.query('delete from uploads where id = $1', [id]);
}

export interface NewUpload {
  orgId: number;
  userId: number;
  signedInUserId: number;
  kind: UploadKind;
  mode: UploadMode;
  rejectWholeFile: boolean;
  fileName: string;
  bytes: number;
  /** A new version: the series it joins and its version there (seriesToVersion); anything else starts a series of its own. */
  series?: SeriesPlace;
}

export interface SeriesPlace {
  seriesId: number;
  version: number;
}

/** Why a series cannot take a new version from this caller, in words for them (the upload named by `uploadId`). */
export type SeriesRefusal = 'not-found' | 'other-kind' | 'nothing-loaded' | 'not-yours';

/**
 * Where a new version of `kind` naming upload `uploadId` goes: that upload's series, one version above
 * its highest. The upload must be one the viewer sees (an uploader: their own), of the same kind, and
 * its series must have a loaded upload (the one the new version supersedes) that the viewer sees too.
 */
export async function seriesToVersion(
  db: Queryable,
  viewer: UploadViewer,
  uploadId: number,
  kind: UploadKind,
): Promise<SeriesPlace | { refused: SeriesRefusal; named?: UploadRow }> {
  const named = await findUpload(db, uploadId, viewer);
  if (!named) return { refused: 'not-found' };
  if (named.kind !== kind) return { refused: 'other-kind', named };
  const seriesId = named.series_id ?? named.id;
  const [series] = await db.query<{ version: number; loaded: boolean; others_loaded: boolean }>(
    `select max(version) as version, coalesce(bool_or(status = 'done'), false) as loaded, coalesce(bool_or(status = 'done' and user_id <> $3), false) as others_loaded
     from uploads where org_id = $1 and series_id = $2`,
    [viewer.orgId, seriesId, viewer.userId],
  );
  if (!series?.loaded) return { refused: 'nothing-loaded', named };
  if (!viewer.seesOrganisation && series.others_loaded) return { refused: 'not-yours', named };
  return { seriesId, version: Number(series.version) + 1 };
}

/** Creates the record (status receiving), in its series (a new version) or starting its own. */
export async function createUpload(
  db: Queryable,
  upload: NewUpload,
  fileKeyOf: (id: number) => string,
): Promise<number> {
  const [{ id }] = (await db.query<{ id: number }>(
    `insert into uploads (org_id, user_id, signed_in_user_id, kind, mode, series_id, version, reject_whole_file, file_name, file_key, bytes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, '', $10) returning id`,
    [
      upload.orgId,
      upload.userId,
      upload.signedInUserId,
      upload.kind,
      upload.mode,
      upload.series?.seriesId ?? null,
      upload.series?.version ?? 1,
      upload.rejectWholeFile,
      upload.fileName,
      upload.bytes,
    ],
  )) as [{ id: number }];
  await db.query('update uploads set file_key = $2, series_id = coalesce(series_id, $1) where id = $1', [
    id,
    fileKeyOf(id),
  ]);
  return id;
}

export interface UploadProgress {
  status: UploadStatus;
  rows_total?: number | null;
  rows_loaded?: number | null;
  rows_rejected?: number | null;
  failure?: string | null;
  sha256?: string;
  duplicate_of?: number | null;
}

export async function updateUpload(db: Queryable, id: number, progress: UploadProgress): Promise<void> {
  const columns = Object.keys(progress) as (keyof UploadProgress)[];
  const finished = ['done', 'failed', 'rejected'].includes(progress.status) ? ', finished_at = now()' : '';
  await db.query(
    `update uploads set ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')}${finished} where id = $1`,
    [id, ...columns.map((column) => progress[column])],
  );
}

/** Uploads whose rows a newly loaded upload removes: every loaded one of the kind (replace) or the series' loaded version (new version). */
export async function uploadsRemovedBy(db: Queryable, row: UploadRow): Promise<number[]> {
  if (row.mode === 'append') return [];
  const sameSeries = row.mode === 'new_version' ? 'and series_id = $4' : '';
  const rows = await db.query<{ id: number }>(
    `select id from uploads where org_id = $1 and kind = $2 and status = 'done' and id <> $3 ${sameSeries}`,
    [row.org_id, row.kind, row.id, ...(row.mode === 'new_version' ? [row.series_id] : [])],
  );
  return rows.map((r) => r.id);
}

/** The version a rollback of `row` goes back to: the series' latest superseded one before it. */
export async function previousVersion(db: Queryable, row: UploadRow): Promise<UploadRow | null> {
  const [previous] = await db.query<UploadRow>(
    `${SELECT} where up.org_id = $1 and up.series_id = $2 and up.version < $3 and up.status = 'superseded' order by up.version desc limit 1`,
    [row.org_id, row.series_id, row.version],
  );
  return previous ?? null;
}

/** The organisation's loaded uploads of the row's kind as a reject names them ("sales.csv, 2026-11-27"), by id. */
export async function liveUploadLabels(db: Queryable, row: UploadRow): Promise<Record<number, string>> {
  const rows = await db.query<{ id: number; file_name: string; created_at: Date | string }>(
    "select id, file_name, created_at from uploads where org_id = $1 and kind = $2 and status = 'done'",
    [row.org_id, row.kind],
  );
  return Object.fromEntries(
    rows.map((upload) => [upload.id, `${upload.file_name}, ${new Date(upload.created_at).toISOString().slice(0, 10)}`]),
  );
}

export async function earlierWithSha(db: Queryable, row: UploadRow, sha256: string): Promise<number | null> {
  const [earlier] = await db.query<{ id: number }>(
    'select id from uploads where org_id = $1 and sha256 = $2 and id < $3 order by id limit 1',
    [row.org_id, sha256, row.id],
  );
  return earlier?.id ?? null;
}
