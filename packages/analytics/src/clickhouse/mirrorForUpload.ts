// The scratch DuckDB an upload on ClickHouse is validated and priced in (clickhouseUploads.ts): in
// memory, with the schema and the reference data every DuckDB file has, and of the organisation only
// what the loader reads (uploads/stageUpload.ts, insertUploadRows.ts): its merchants and their pricing
// plans, the mids uploads gave ids to, its portfolio nodes with the codes uploads gave ids to (a merchant's
// agent, a hierarchy's parents, and merchant_dim rebuilt when the hierarchy changes), and the uploaded sales and disputes with their events (a tx_ref loaded once, a
// dispute's sale, the next free ids). The generated sales and disputes, the bulk of the organisation,
// stay in ClickHouse: the loader never reads them. Rows arrive as ClickHouse's CSV (a NULL is \N,
// booleans 0/1, doubles in their shortest exact form) through a file in a private temporary folder.
// ClickHouse writes every string quoted and only a NULL as a bare \N, so DuckDB reads with
// allow_quoted_nulls = false: a value that is literally "\N" stays that text (it became NULL,
// which broke every later upload of the organisation and would have let a tx_ref of \N load twice).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ClickHouseClient } from '@clickhouse/client';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { UploadKind } from '@payportal/shared/uploads';
import { createSchema } from '../duckdb/createSchema.ts';
import { insertReferenceData } from '../generator/referenceData.ts';
import { sqlLiteral } from '../generator/sql.ts';
import { buildMerchantDaily } from '../rollups/buildMerchantDaily.ts';
import { settleDisputeOutcomes } from '../uploads/settleDisputeOutcomes.ts';
import { FACT_TABLES, LEDGER_TABLES, UPLOAD_TABLES } from '../schema/tables.ts';
import { tableColumns, type ColumnType } from './tableColumns.ts';

/**
 * What the loader reads of the organisation: a table and which of its rows (after `org_id = …`). A
 * dispute event follows its dispute's last event up to the data's last day (uploads/disputeStepSql.ts),
 * so for that kind every dispute with its events and the ledger row come too.
 */
const mirrored = (kind: UploadKind | null): ReadonlyArray<readonly [string, string, string]> => {
  const disputes = kind === 'dispute_events' ? '' : ' and upload_id is not null';
  return [
    ['merchants', FACT_TABLES.merchants, ''],
    ['pricing_plans', FACT_TABLES.pricing_plans, ''],
    ['upload_merchant_ids', UPLOAD_TABLES.upload_merchant_ids, ''],
    ['portfolio_nodes', FACT_TABLES.portfolio_nodes, ''],
    ['upload_node_ids', UPLOAD_TABLES.upload_node_ids, ''],
    ['residual_splits', FACT_TABLES.residual_splits, ''],
    ['transactions', FACT_TABLES.transactions, ' and upload_id is not null'],
    ['chargebacks', FACT_TABLES.chargebacks, disputes],
    ['dispute_events', FACT_TABLES.dispute_events, disputes],
    ...(kind === 'dispute_events' ? [['datasets', LEDGER_TABLES.datasets, ''] as const] : []),
  ];
};

const duckdbType = (type: ColumnType) =>
  type.kind === 'decimal' ? `decimal(${type.precision},${type.scale})` : type.kind;

export interface UploadScratch {
  connection: DuckDBConnection;
  close(): Promise<void>;
}

/** A scratch DuckDB holding what an upload of `orgId` (of `kind`; null: a removal) needs to be validated and priced as DuckDB does it. */
export async function openUploadScratch(
  client: ClickHouseClient,
  orgId: number,
  kind: UploadKind | null,
): Promise<UploadScratch> {
  const folder = await mkdtemp(join(tmpdir(), 'payportal-upload-'));
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    temp_directory: folder,
  });
  const connection = await instance.connect();
  const close = async () => {
    connection.closeSync();
    instance.closeSync();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await createSchema(connection);
    await insertReferenceData(connection);
    await mirrorRows(client, connection, folder, orgId, mirrored(kind));
    return { connection, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** An organisation's rows of each table (`where` after `org_id = …`) copied from ClickHouse into DuckDB's table of the same name. */
async function mirrorRows(
  client: ClickHouseClient,
  connection: DuckDBConnection,
  folder: string,
  orgId: number,
  tables: ReadonlyArray<readonly [string, string, string]>,
): Promise<void> {
  for (const [name, ddl, where] of tables) {
    const columns = tableColumns(ddl).columns;
    const file = join(folder, `${name}.csv`);
    const result = await client.exec({
      query: `select ${columns.map((column) => column.name).join(', ')} from ${name} where org_id = ${orgId}${where} format CSV`,
    });
    await pipeline(result.stream, createWriteStream(file));
    if ((await stat(file)).size > 0) {
      const types = columns.map((column) => `${sqlLiteral(column.name)}: ${sqlLiteral(duckdbType(column.type))}`);
      await connection.run(`insert into ${name} select * from read_csv(${sqlLiteral(file)}, header = false, columns = {${types.join(', ')}},
        auto_detect = false, delim = ',', quote = '"', escape = '"', nullstr = '\\N', allow_quoted_nulls = false, new_line = '\\n')`);
    }
    await rm(file, { force: true });
  }
}

/** The rows uploads gave an organisation: its hierarchy's nodes, merchants with their plans, sales, disputes. */
const uploaded = (orgId: number): ReadonlyArray<readonly [string, string, string]> => [
  ['portfolio_nodes', FACT_TABLES.portfolio_nodes, ' and upload_id is not null'],
  ['schedule_a', FACT_TABLES.schedule_a, ' and upload_id is not null'],
  ['residual_splits', FACT_TABLES.residual_splits, ' and upload_id is not null'],
  ['residual_adjustments', FACT_TABLES.residual_adjustments, ' and upload_id is not null'],
  ['merchants', FACT_TABLES.merchants, ' and upload_id is not null'],
  [
    'pricing_plans',
    FACT_TABLES.pricing_plans,
    ` and pricing_plan_id in (select pricing_plan_id from merchants where org_id = ${orgId} and upload_id is not null)`,
  ],
  ['transactions', FACT_TABLES.transactions, ' and upload_id is not null'],
  ['chargebacks', FACT_TABLES.chargebacks, ' and upload_id is not null'],
  ['dispute_events', FACT_TABLES.dispute_events, ' and upload_id is not null'],
];

/**
 * Before a dataset made in DuckDB is copied over an organisation's rows in ClickHouse (the daily
 * top-up), the rows its uploads gave it there are added to the DuckDB connection's dataset, with the
 * outcomes their dispute steps set and the rollup of their merchants rebuilt, so the copy keeps them as
 * DuckDB's own top-up does.
 */
export async function carryUploadedRows(
  client: ClickHouseClient,
  connection: DuckDBConnection,
  orgId: number,
): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'payportal-uploaded-'));
  try {
    await mirrorRows(client, connection, folder, orgId, uploaded(orgId));
    // a generated dispute an uploaded step ruled on gets that ruling's outcome again (settleDisputeOutcomes.ts)
    const stepped = `select chargeback_id from dispute_events where org_id = ${orgId} and upload_id is not null`;
    await settleDisputeOutcomes(connection, orgId, stepped);
    const touched = ['merchants', 'transactions', 'chargebacks', 'dispute_events']
      .map((name) => `select merchant_id from ${name} where org_id = ${orgId} and upload_id is not null`)
      .join(' union ');
    await buildMerchantDaily(connection, orgId, touched);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
