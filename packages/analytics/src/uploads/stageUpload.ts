// Validation (issue #15 item 3): the file read by DuckDB's read_csv with the kind's fixed columns, all
// as text (never inference), malformed lines kept by store_rejects; then every cell checked by the
// shared rules (columnChecksSql.ts) against the organisation's merchants and the reference tables, in
// one pass. Every bad row lands in upload_rejects with its line, column, value and reason.
import type { DuckDBConnection } from '@duckdb/node-api';
import { UPLOAD_COLUMNS, type UploadKind } from '@payportal/shared';
import { sqlLiteral } from '../generator/sql.ts';
import { cellSql as cellOf, rowRejectsSql } from './columnChecksSql.ts';

/** Longest line read (DuckDB's default); a longer one is rejected with its line number. */
export const MAX_LINE_BYTES = 2 * 1024 * 1024;

export interface StageRequest {
  orgId: number;
  uploadId: number;
  kind: UploadKind;
  path: string;
  /** Uploads whose rows this load removes (replace, new version): their rows count as gone already. */
  removing: readonly number[];
}

export interface StageCounts {
  /** Records in the file after the header, well-formed or not. */
  total: number;
  /** Records with at least one problem (malformed lines included). */
  rejected: number;
}

// DuckDB's error types (store_rejects' error_type) in the words of DATA.md §7.
const MALFORMED_REASON: Record<string, string> = {
  'MISSING COLUMNS': 'has fewer columns than the header',
  'TOO MANY COLUMNS': 'has more columns than the header',
  'UNQUOTED VALUE': 'has a quote that is never closed, or text after a closing quote',
  'LINE SIZE OVER MAXIMUM': `is longer than ${MAX_LINE_BYTES / 1024 / 1024} MB`,
  'INVALID ENCODING': 'is not valid UTF-8 text',
  'INVALID UNICODE': 'is not valid UTF-8 text',
};

const uploadRows = (kind: UploadKind) => UPLOAD_COLUMNS[kind];

function readCsvSql(path: string, kind: UploadKind): string {
  const columns = uploadRows(kind).map((rule) => `${sqlLiteral(rule.name)}: 'VARCHAR'`).join(', ');
  return `read_csv(${sqlLiteral(path)}, header = true, columns = {${columns}}, auto_detect = false, delim = ',', quote = '"', escape = '"',
    strict_mode = true, store_rejects = true, rejects_table = 'upload_csv_errors', rejects_scan = 'upload_csv_scans', max_line_size = ${MAX_LINE_BYTES})`;
}

/** Values that appear more than once in the file (dup_<column> > 1): an aggregate joined back, cheaper than a window. */
function duplicatesSql(kind: UploadKind): { columns: string[]; joins: string[] } {
  const unique = uploadRows(kind).filter((rule) => rule.uniqueInFile);
  return {
    columns: unique.map((rule) => `coalesce(d_${rule.name}.n, 1) as dup_${rule.name}`),
    joins: unique.map((rule) => `left join (select ${cellOf(rule.name, 'upload_raw')} as value, count(*) as n from upload_raw group by all having count(*) > 1) d_${rule.name}
      on d_${rule.name}.value = ${cellOf(rule.name, 'r')}`),
  };
}

/** The joins the rules read (k_<column>, taken_<column>), over the staged rows `r`. */
function lookupsSql(request: StageRequest): { columns: string[]; joins: string[] } {
  const removing = request.removing.length ? ` and coalesce(upload_id, -1) not in (${request.removing.join(', ')})` : '';
  const org = request.orgId;
  const cellSql = (name: string) => cellOf(name, 'r');
  const columns: string[] = [];
  const joins: string[] = [];
  const names = uploadRows(request.kind).map((rule) => rule.name);
  joins.push(`left join (select mid, any_value(merchant_id) as merchant_id from merchants where org_id = ${org}${removing} group by mid) m on m.mid = ${cellSql('mid')}`);
  columns.push('m.merchant_id as k_mid', 'm.merchant_id is not null as taken_mid');
  if (names.includes('mcc')) {
    joins.push(`left join industries i on i.mcc = ${cellSql('mcc')}`);
    columns.push('i.mcc as k_mcc');
  }
  if (names.includes('state_code')) {
    joins.push(`left join states st on st.state_code = ${cellSql('state_code')}`);
    columns.push('st.state_code as k_state_code');
  }
  if (names.includes('reason_code')) {
    joins.push(`left join (select distinct reason_code from dispute_reasons) dr on dr.reason_code = ${cellSql('reason_code')}`);
    columns.push('dr.reason_code as k_reason_code');
  }
  if (request.kind === 'chargebacks') {
    joins.push(`left join (select tx_ref, merchant_id, max(tx_id) as tx_id from transactions where org_id = ${org} and tx_ref is not null${removing} group by tx_ref, merchant_id) t
      on t.tx_ref = ${cellSql('tx_ref')} and t.merchant_id = m.merchant_id`);
    columns.push('t.tx_id as k_tx_ref');
  }
  return { columns, joins };
}

async function scalar(connection: DuckDBConnection, sql: string): Promise<number> {
  return Number((await connection.runAndReadAll(sql)).getRowsJS()[0]![0]);
}

/**
 * Stages the file as temp table `upload_checked` (every well-formed record, its lookups and its
 * problems) and writes the upload's rejects. The caller owns the connection and drops the temp tables.
 */
export async function stageUpload(connection: DuckDBConnection, request: StageRequest): Promise<StageCounts> {
  const { orgId, uploadId, kind } = request;
  await dropStage(connection);
  await connection.run(`delete from upload_rejects where org_id = ${orgId} and upload_id = ${uploadId}`);
  // row_number over the scan follows the file's order (insertion order is preserved).
  await connection.run(`create temp table upload_raw as select row_number() over () as rn, * from ${readCsvSql(request.path, kind)}`);
  const lookups = lookupsSql(request);
  const duplicates = duplicatesSql(kind);
  await connection.run(`create temp table upload_checked as
    select s.*, ${rowRejectsSql(uploadRows(kind))} as problems
    from (select r.*, ${[...lookups.columns, ...duplicates.columns].join(', ')} from upload_raw r ${[...lookups.joins, ...duplicates.joins].join(' ')}) s`);
  // Malformed lines (DuckDB's own line numbers: the header is line 1, a quoted line break counts once).
  await connection.run(`create temp table upload_malformed as
    select line, row_number() over (order by line) as j, any_value(error_type) as error_type, any_value(csv_line) as csv_line, any_value(error_message) as message
    from upload_csv_errors group by line`);
  const cases = Object.entries(MALFORMED_REASON).map(([type, reason]) => `when ${sqlLiteral(type)} then ${sqlLiteral(`Line ${reason}`)}`).join(' ');
  await connection.run(`insert into upload_rejects select ${orgId}, ${uploadId}, line, null, left(csv_line, 200), case error_type ${cases} else message end from upload_malformed`);
  // A good record's line: its rank among well-formed records, plus the header and the malformed lines before it.
  await connection.run(`insert into upload_rejects
    select ${orgId}, ${uploadId}, c.rn + 1 + (select count(*) from upload_malformed e where e.line - e.j - 1 < c.rn), p.column_name, left(p.value, 200), p.reason
    from (select rn, unnest(problems) as p from upload_checked where len(problems) > 0) c`);
  const malformed = await scalar(connection, 'select count(*) from upload_malformed');
  const wellFormed = await scalar(connection, 'select count(*) from upload_checked');
  const badRows = await scalar(connection, 'select count(*) from upload_checked where len(problems) > 0');
  return { total: wellFormed + malformed, rejected: badRows + malformed };
}

export async function dropStage(connection: DuckDBConnection): Promise<void> {
  for (const table of ['upload_raw', 'upload_checked', 'upload_malformed', 'upload_csv_errors', 'upload_csv_scans']) {
    await connection.run(`drop table if exists ${table}`);
  }
}
