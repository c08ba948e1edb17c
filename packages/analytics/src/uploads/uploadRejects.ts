// An upload's rejected rows, in line order, a page at a time (the details page) or all of them (its CSV).
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

export const rejectsPageSql = `select line, column_name, value, reason, count(*) over () as total from upload_rejects
  where org_id = $1::integer and upload_id = $2::bigint order by line, column_name nulls first limit $3::bigint offset $4::bigint`;

export const toRejectRow = (row: unknown[]): UploadRejectRow => ({
  line: Number(row[0]),
  column: row[1] === null ? null : String(row[1]),
  value: row[2] === null ? null : String(row[2]),
  reason: String(row[3]),
});
