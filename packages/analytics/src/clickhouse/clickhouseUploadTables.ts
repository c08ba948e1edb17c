// The uploads' own tables on ClickHouse, derived from schema/tables.ts (UPLOAD_TABLES) as the analytics
// tables are. Neither is part of the copy from DuckDB (copyFromDuckDB.ts): both are written by uploads.
// upload_rejects is partitioned by upload, so an upload's rejects are replaced (a retried load) with a
// synchronous `DROP PARTITION`; 18.16 would otherwise delete them only by an asynchronous mutation.
import { UPLOAD_TABLES } from '../schema/tables.ts';
import { clickhouseColumnSql } from './clickhouseTables.ts';
import { tableColumns } from './tableColumns.ts';

const LAYOUT: Record<keyof typeof UPLOAD_TABLES, { partition: string; orderBy: string }> = {
  upload_rejects: { partition: 'upload_id', orderBy: 'org_id, upload_id, line' },
  upload_merchant_ids: { partition: 'org_id', orderBy: 'org_id, mid' },
  upload_node_ids: { partition: 'org_id', orderBy: 'org_id, code' },
};

export const UPLOAD_REJECT_COLUMNS = tableColumns(UPLOAD_TABLES.upload_rejects).columns;
export const UPLOAD_MERCHANT_ID_COLUMNS = tableColumns(UPLOAD_TABLES.upload_merchant_ids).columns;
export const UPLOAD_NODE_ID_COLUMNS = tableColumns(UPLOAD_TABLES.upload_node_ids).columns;

/** `create table if not exists` for each of the uploads' tables. */
export function clickhouseUploadTablesDdl(): string[] {
  return Object.entries(UPLOAD_TABLES).map(([name, ddl]) => {
    const { partition, orderBy } = LAYOUT[name as keyof typeof UPLOAD_TABLES];
    const columns = tableColumns(ddl).columns.map((column) => `  ${clickhouseColumnSql(column)}`);
    return `create table if not exists ${name} (\n${columns.join(',\n')}\n) engine = MergeTree() partition by ${partition} order by (${orderBy})`;
  });
}
