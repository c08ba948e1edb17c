// Copies analytics rows from DuckDB (where the generator and the upload loader write them) into
// ClickHouse: the shared dimensions whole, and for each organisation every per-organisation table.
// Rows stream: DuckDB renders each row as a TabSeparated line (tabSeparatedRowSql.ts), one chunk of
// about 2,000 lines at a time goes into the HTTP insert, so memory stays flat for millions of rows.
//
// Replacing, not appending: ClickHouse 18.16 deletes rows only by `ALTER … DELETE`, an asynchronous
// mutation. Instead every per-organisation table is partitioned by org_id (clickhouseTables.ts); the
// copy fills a staging table and swaps it in with `ALTER TABLE … REPLACE PARTITION <org> FROM staging`,
// which is synchronous and atomic per table: readers see the old rows or the new ones, never a mix,
// and other organisations are untouched. Dimensions swap their one partition, `tuple()`, the same way.
// The datasets row is copied last, so a data_version change is seen only after the rows it describes.
// Every table of an organisation is staged before the first swap, so the swaps follow one another within
// milliseconds; on a cluster they run on every shard (ClickHouseShards.swap).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  CLICKHOUSE_TABLES,
  clickhouseColumnSql,
  clickhouseTableDdl,
  clickhouseType,
  type AnalyticsTable,
  type ClickHouseTable,
} from './clickhouseTables.ts';
import { ClickHouseShards, type StagedTable } from './clickhouseShards.ts';
import { queryRows } from './runClickHouseQuery.ts';
import { tabSeparatedRowSql } from './tabSeparatedRowSql.ts';

export interface CopyOptions {
  /** The organisations whose rows in ClickHouse are replaced by DuckDB's (org_id values, 0…2^31−1). */
  orgIds: readonly number[];
  /** Hears each table as its rows have been staged, before the organisation's swap (organisation null: a shared dimension). */
  onTable?: (copied: { table: AnalyticsTable; orgId: number | null; rows: number }) => void;
  /**
   * Keep the organisations' ledger rows until their new ones arrive (a top-up: the old rows are the
   * same dataset with fewer days, so answering from them meanwhile is right); by default each ledger row
   * is dropped first, so a copy that fails half-way leaves the organisation answered with no rows.
   */
  keepLedger?: boolean;
}

export interface CopyReport {
  /** Rows written per table: the dimensions once, the other tables summed over the organisations. */
  rows: Record<AnalyticsTable, number>;
}

/** Where a copy writes: a server's client (plain tables), or a cluster's shards (clickhouseShards.ts). */
export type ClickHouseTarget = ClickHouseClient | ClickHouseShards;

export const toShards = (target: ClickHouseTarget): ClickHouseShards =>
  target instanceof ClickHouseShards ? target : ClickHouseShards.single(target);

/**
 * Creates the ClickHouse tables where missing (in the client's database, on every shard), replaces the
 * dimensions, then replaces each organisation's rows of every fact table, merchant_daily and datasets:
 * all of an organisation's tables are staged first, then swapped in one burst (ClickHouseShards.swap).
 * One copy at a time per database: two copies of the same organisation would race on its partitions.
 */
export async function copyFromDuckDB(
  duckdb: DuckDBConnection,
  target: ClickHouseTarget,
  { orgIds, onTable, keepLedger = false }: CopyOptions,
): Promise<CopyReport> {
  if (!Array.isArray(orgIds) || !orgIds.every((id) => Number.isInteger(id) && id >= 0 && id <= 2 ** 31 - 1)) {
    throw new TypeError(
      `copyFromDuckDB: orgIds must be an array of org_id integers (0…2^31−1), received ${JSON.stringify(orgIds)}`,
    );
  }
  const shards = toShards(target);
  const organisations = [...new Set(orgIds)];
  await shards.createTables();
  for (const { client } of shards.shards)
    for (const table of CLICKHOUSE_TABLES)
      for (const name of shards.storedTables(table)) await addMissingColumns(client, name, table);
  const copy = { duckdb, clickhouse: shards.initiator, suffix: `__copy_${randomUUID().slice(0, 8)}` };
  const rows = Object.fromEntries(CLICKHOUSE_TABLES.map((table) => [table.name, 0])) as Record<AnalyticsTable, number>;
  const replace = async (tables: readonly ClickHouseTable[], orgId: number | null) => {
    const staged: StagedTable[] = [];
    try {
      for (const table of tables) {
        const staging = `${table.name}${copy.suffix}`;
        const entry: StagedTable = { table, staging, how: 'replace' };
        staged.push(entry);
        const copied = await stage(copy, table, orgId, staging);
        entry.rows = copied;
        rows[table.name] += copied;
        onTable?.({ table: table.name, orgId, rows: copied });
      }
      // An empty staging partition replaces the organisation's rows with none: a copy is the whole truth.
      await shards.swap(orgId, staged);
    } finally {
      await Promise.allSettled(
        staged.map(({ staging }) => copy.clickhouse.command({ query: `drop table if exists ${staging}` })),
      );
    }
  };
  await replace(
    CLICKHOUSE_TABLES.filter((table) => table.scope === 'shared'),
    null,
  );
  for (const orgId of organisations) {
    // The ledger row goes first and comes back last (CLICKHOUSE_TABLES ends with datasets): a copy that
    // fails half-way leaves no version, and the engine answers nothing rather than a mix of two copies.
    if (!keepLedger) await shards.everywhere(`alter table datasets drop partition ${orgId}`);
    await replace(
      CLICKHOUSE_TABLES.filter((table) => table.scope === 'organisation'),
      orgId,
    );
  }
  return { rows };
}

/**
 * A table an older version created lacks the columns added since (`create table if not exists` keeps
 * it as it was): they are added, at the end as in tables.ts, so a staging copy has the same structure.
 */
async function addMissingColumns(clickhouse: ClickHouseClient, name: string, table: ClickHouseTable): Promise<void> {
  const existing = new Set(
    (
      await queryRows(
        clickhouse,
        `select name from system.columns where database = currentDatabase() and table = '${name}'`,
      )
    ).map((row) => String(row[0])),
  );
  for (const column of table.columns.filter((candidate) => !existing.has(candidate.name))) {
    await clickhouse.command({ query: `alter table ${name} add column ${clickhouseColumnSql(column)}` });
  }
}

interface Copy {
  duckdb: DuckDBConnection;
  /** The initiator, where staging tables are filled. */
  clickhouse: ClickHouseClient;
  /** Makes this copy's staging tables' names its own. */
  suffix: string;
}

/** Fills `staging` with one partition's rows (an organisation's, or a whole dimension) and returns their count. */
async function stage(copy: Copy, table: ClickHouseTable, orgId: number | null, staging: string): Promise<number> {
  await copy.clickhouse.command({ query: clickhouseTableDdl(table, staging) });
  const from = orgId === null ? table.name : `${table.name} where org_id = ${orgId}`;
  return insertFromDuckDB(copy.duckdb, copy.clickhouse, table.columns, from, staging);
}

/**
 * Inserts DuckDB's rows of `from` (a table, or a table with a `where`; `columns` its columns in order)
 * into the ClickHouse table `target` of the same columns, and returns their count. Doubles travel as
 * their bits (tabSeparatedRowSql.ts): into a wire table beside `target`, then converted exactly.
 */
export async function insertFromDuckDB(
  duckdb: DuckDBConnection,
  clickhouse: ClickHouseClient,
  columns: readonly Column[],
  from: string,
  target: string,
): Promise<number> {
  const command = (query: string) => clickhouse.command({ query });
  const wire = columns.some((column) => column.type.kind === 'double') ? `${target}_wire` : null;
  try {
    if (wire)
      await command(
        `create table ${wire} (${columns.map((column) => `${column.name} ${wireType(column)}`).join(', ')}) engine = MergeTree() order by tuple()`,
      );
    const rowCount = await streamRows(
      duckdb,
      clickhouse,
      `select ${tabSeparatedRowSql(columns)} from ${from}`,
      wire ?? target,
    );
    if (wire)
      await command(
        `insert into ${target} (${columns.map((column) => column.name).join(', ')}) select ${columns.map(fromWire).join(', ')} from ${wire}`,
      );
    return rowCount;
  } finally {
    // Settled, not awaited bare: a failed drop must not hide the error that brought us here.
    if (wire) await command(`drop table if exists ${wire}`).catch(() => undefined);
  }
}

type Column = ClickHouseTable['columns'][number];

function wireType(column: Column): string {
  if (column.type.kind !== 'double') return clickhouseType(column);
  return column.nullable ? 'Nullable(UInt64)' : 'UInt64';
}

function fromWire(column: Column): string {
  return column.type.kind === 'double'
    ? `reinterpretAsFloat64(reinterpretAsString(${column.name})) as ${column.name}`
    : column.name;
}

async function streamRows(
  duckdb: DuckDBConnection,
  clickhouse: ClickHouseClient,
  select: string,
  target: string,
): Promise<number> {
  const result = await duckdb.stream(select);
  let rowCount = 0;
  async function* lines(): AsyncGenerator<Buffer> {
    for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
      const values = chunk.getColumnValues(0) as string[];
      rowCount += values.length;
      yield Buffer.from(`${values.join('\n')}\n`);
    }
  }
  await clickhouse.insert({
    table: target,
    values: Readable.from(lines(), { objectMode: false }),
    format: 'TabSeparated',
  });
  return rowCount;
}
