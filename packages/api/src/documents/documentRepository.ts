// Documents' metadata in PostgreSQL; the bytes are in the file store. Every
// read names the viewer's organisation: another organisation's document is not found (404).
import {
  documentSchema,
  type DocumentListQuery,
  type DocumentType,
  type PortalDocument,
} from '@payportal/shared/documents';
import type { Queryable } from '../db/database.ts';
import { containsPattern } from '../db/likePattern.ts';

export interface DocumentViewer {
  userId: number;
  orgId: number;
  /** Org owners delete; the routes decide whether this caller may write at all. */
  canDelete: boolean;
  /** The viewer's portfolio node (callerScope.ts), or null: the whole organisation. */
  book: string | null;
  /** Whether the viewer reads residual statements (readsResiduals): others never see their documents. */
  readsResiduals: boolean;
}

/** Which documents a viewer finds: their organisation's, in their book, residual statements only to their readers. */
export type DocumentReach = Pick<DocumentViewer, 'orgId' | 'book' | 'readsResiduals'>;

export interface DocumentRow {
  id: number;
  org_id: number;
  type: DocumentType;
  generated: boolean;
  title: string;
  period: string;
  file_key: string;
  file_name: string;
  content_type: 'application/pdf' | 'text/csv';
  bytes: number | string;
  sha256: string;
  created_by: number | null;
  creator_name: string | null;
  created_at: Date | string;
}

export type NewDocument = Omit<DocumentRow, 'id' | 'creator_name' | 'created_at' | 'bytes'> & {
  bytes: number;
  signed_in_user_id: number | null;
  /** A residual statement's node, and the book it was made in (null: the organisation's). */
  node: string | null;
  book: string | null;
};

const SELECT = `select d.id, d.org_id, d.type, d.generated, d.title, to_char(d.period, 'YYYY-MM') as period, d.file_key, d.file_name,
  d.content_type, d.bytes, d.sha256, d.created_by, u.name as creator_name, d.created_at
  from documents d left join users u on u.id = d.created_by`;

export function toPortalDocument(row: DocumentRow, viewer: DocumentViewer): PortalDocument {
  return documentSchema.parse({
    ...row,
    bytes: Number(row.bytes),
    created_by: row.created_by === null ? null : { id: row.created_by, name: row.creator_name ?? '' },
    created_at: new Date(row.created_at).toISOString(),
    can_delete: viewer.canDelete,
  });
}

/**
 * Documents made from data are made in a book: a month's statements and extracts by owners in the whole
 * organisation's, a residual statement in the asker's. A viewer scoped to a node sees only those made in
 * their own book (README "Scoped books"); uploaded documents are not data and are seen by all. A
 * residual statement is seen only by those who read residuals.
 */
const IN_BOOK = (book: string, readsResiduals: string) =>
  `(${book}::text is null or not d.generated or d.book = ${book}::text) and (d.type <> 'residual_statement' or ${readsResiduals}::boolean)`;

export async function findDocument(db: Queryable, id: number, reach: DocumentReach): Promise<DocumentRow | null> {
  const [row] = await db.query<DocumentRow>(`${SELECT} where d.id = $1 and d.org_id = $2 and ${IN_BOOK('$3', '$4')}`, [
    id,
    reach.orgId,
    reach.book,
    reach.readsResiduals,
  ]);
  return row ?? null;
}

export async function listDocuments(
  db: Queryable,
  reach: DocumentReach,
  query: DocumentListQuery,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = `where d.org_id = $1 and ($2 = '%%' or lower(d.title) like $2) and ($3::text is null or d.type = $3)
    and ($4::text is null or d.period = to_date($4, 'YYYY-MM')) and ${IN_BOOK('$5', '$6')}`;
  const params = [
    reach.orgId,
    containsPattern(query.search ?? ''),
    query.type ?? null,
    query.period ?? null,
    reach.book,
    reach.readsResiduals,
  ];
  const rows = await db.query<DocumentRow>(
    `${SELECT} ${where} order by d.created_at desc, d.id desc limit $7 offset $8`,
    [...params, query.page_size, (query.page - 1) * query.page_size],
  );
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from documents d ${where}`, params);
  return { rows, total: count!.total };
}

/**
 * Saves a document. A generated one replaces the organisation's document of the same type and month
 * (node and book), answered as `replaced` so its file can be deleted after the new row is in.
 */
export async function saveDocument(
  db: Queryable,
  document: NewDocument,
): Promise<{ id: number; replaced: { id: number; file_key: string } | null }> {
  const [old] = document.generated
    ? await db.query<{ id: number; file_key: string }>(
        `delete from documents where org_id = $1 and type = $2 and period = to_date($3, 'YYYY-MM') and generated
          and node is not distinct from $4 and book is not distinct from $5 returning id, file_key`,
        [document.org_id, document.type, document.period, document.node, document.book],
      )
    : [];
  const [row] = await db.query<{ id: number }>(
    `insert into documents (org_id, type, generated, title, period, file_key, file_name, content_type, bytes, sha256, created_by, signed_in_user_id, node, book)
     values ($1, $2, $3, $4, to_date($5, 'YYYY-MM'), $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
    [
      document.org_id,
      document.type,
      document.generated,
      document.title,
      document.period,
      document.file_key,
      document.file_name,
      document.content_type,
      document.bytes,
      document.sha256,
      document.created_by,
      document.signed_in_user_id,
      document.node,
      document.book,
    ],
  );
  return { id: row!.id, replaced: old ?? null };
}

export async function deleteDocument(db: Queryable, id: number, orgId: number): Promise<DocumentRow | null> {
  const row = await findDocument(db, id, { orgId, book: null, readsResiduals: true });
  if (row) await db.query('delete from documents where id = $1 and org_id = $2', [id, orgId]);
  return row;
}

/** Whether the organisation has a generated document of this type and month. */
export async function hasGenerated(db: Queryable, orgId: number, type: DocumentType, period: string): Promise<boolean> {
  const rows = await db.query(
    "select 1 from documents where org_id = $1 and type = $2 and period = to_date($3, 'YYYY-MM') and generated",
    [orgId, type, period],
  );
  return rows.length > 0;
}
