// An upload's rejected rows, in line order, a page at a time (the details page) or all of them (its CSV).
// A page is found by its number (OFFSET: the details page jumps to page n) or, to read them all, after
// the last row of the previous page (keyset: line, then column, the line's own problem first), so
// reading a large set page by page never counts and sorts every row before the page again.
export interface UploadRejectRow {
  line: number;
  column: string | null;
  value: string | null;
  reason: string;
}

export interface UploadRejectPage {
  rows: UploadRejectRow[];
  total: number;
}

/** Where a keyset page starts: after this row. */
export interface UploadRejectKey {
  line: number;
  column: string | null;
}

export const rejectsPageSql = `select line, column_name, value, reason, count(*) over () as total from upload_rejects
  where org_id = $1::integer and upload_id = $2::bigint order by line, column_name nulls first limit $3::bigint offset $4::bigint`;

/** The page after a row ($3 line, $4 column or ''): a column name is never empty, so '' sorts a line's own problem (null) first. */
export const rejectsAfterSql = `select line, column_name, value, reason from upload_rejects
  where org_id = $1::integer and upload_id = $2::bigint and (line, coalesce(column_name, '')) > ($3::bigint, $4::varchar)
  order by line, column_name nulls first limit $5::bigint`;

export const toRejectRow = (row: unknown[]): UploadRejectRow => ({
  line: Number(row[0]),
  column: row[1] === null ? null : String(row[1]),
  value: row[2] === null ? null : String(row[2]),
  reason: String(row[3]),
});
