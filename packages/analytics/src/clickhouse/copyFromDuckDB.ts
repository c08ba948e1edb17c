// Copies analytics rows from DuckDB (where the generator and the upload loader write them) into
// ClickHouse: the shared dimensions whole, and for each organisation every per-organisation table.
// Rows stream: DuckDB renders each row as a TabSeparated line (tabSeparatedRowSql.ts), one chunk of
// about 2,000 lines at a time goes into one of two HTTP inserts open side by side (18.16 parses an
// insert on one thread), so memory stays flat for millions of rows. On a cluster a sharded table's rows
// go straight to the shard that will hold them, each shard parsing only its own.
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
import { PassThrough } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  CLICKHOUSE_TABLES,
  SHARDING_KEY,
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
  const copy: Copy = { duckdb, shards, suffix: `__copy_${randomUUID().slice(0, 8)}` };
  const rows = Object.fromEntries(CLICKHOUSE_TABLES.map((table) => [table.name, 0])) as Record<AnalyticsTable, number>;
  const replace = async (tables: readonly ClickHouseTable[], orgId: number | null) => {
    const staged: StagedTable[] = [];
    // On a cluster each shard's staging tables receive its merchants' facts straight from DuckDB.
    const placement = shards.cluster && orgId !== null ? await placeMerchants(copy, orgId) : null;
    try {
      for (const table of tables) {
        const entry: StagedTable = { table, staging: `${table.name}${copy.suffix}`, how: 'replace' };
        staged.push(entry);
        const copied = await stage(copy, entry, orgId, placement);
        rows[table.name] += copied;
        onTable?.({ table: table.name, orgId, rows: copied });
      }
      // An empty staging partition replaces the organisation's rows with none: a copy is the whole truth.
      await shards.swap(orgId, staged);
    } finally {
      await Promise.allSettled(
        staged.flatMap(({ staging, shardRows }) =>
          (shardRows ? shards.shards : shards.shards.slice(0, 1)).map(({ client }) =>
            client.command({ query: `drop table if exists ${staging}` }),
          ),
        ),
      );
      if (placement) await duckdb.run(`drop table if exists ${placement}`).catch(() => undefined);
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
  /** Where it writes; staging tables are filled on the initiator, a sharded table's on every shard. */
  shards: ClickHouseShards;
  /** Makes this copy's staging tables' names its own. */
  suffix: string;
}

/**
 * Fills `entry.staging` with one partition's rows (an organisation's, or a whole dimension) and returns
 * their count: on the initiator, or, for a sharded table when `placement` names the organisation's
 * merchants' shards, on every shard with the rows it will hold (`entry.shardRows`), so no shard pulls
 * them from the initiator afterwards and each shard parses its own share.
 */
async function stage(copy: Copy, entry: StagedTable, orgId: number | null, placement: string | null): Promise<number> {
  const { table, staging } = entry;
  if (orgId === null || placement === null || !table.sharded) {
    await copy.shards.initiator.command({ query: clickhouseTableDdl(table, staging) });
    const from = orgId === null ? table.name : `${table.name} where org_id = ${orgId}`;
    return (entry.rows = await insertFromDuckDB(copy.duckdb, copy.shards.initiator, table.columns, from, staging));
  }
  for (const { client } of copy.shards.shards) await client.command({ query: clickhouseTableDdl(table, staging) });
  entry.shardRows = await insertSpread(
    copy.duckdb,
    table.columns,
    `select ${tabSeparatedRowSql(table.columns)}, ${placement}.shard_index from ${table.name} join ${placement} using (merchant_id) where ${table.name}.org_id = ${orgId}`,
    copy.shards.shards.map(({ client }) => ({ clickhouse: client, table: staging })),
  );
  return (entry.rows = entry.shardRows.reduce((sum, count) => sum + count, 0));
}

/** How many merchant ids one statement asks ClickHouse to place (a statement stays far below 256 KB). */
const PLACE_BATCH = 5_000;

/**
 * A DuckDB temporary table of the organisation's merchants in its sharded tables and each one's shard
 * (0-based), computed by ClickHouse with the Distributed tables' own SHARDING_KEY, so a row lands where a
 * Distributed insert, an upload's swap (ClickHouseShards.swap) and clusterShards.serial.test.ts expect it.
 */
async function placeMerchants(copy: Copy, orgId: number): Promise<string> {
  const name = `shard_of${copy.suffix}`;
  const sources = CLICKHOUSE_TABLES.filter((table) => table.sharded).map(
    (table) => `select merchant_id from ${table.name} where org_id = ${orgId}`,
  );
  const ids = (await copy.duckdb.runAndReadAll(`select distinct merchant_id from (${sources.join(' union all ')})`))
    .getRowsJS()
    .map((row) => BigInt(row[0] as bigint));
  await copy.duckdb.run(
    `create or replace temp table ${name} (merchant_id bigint primary key, shard_index integer not null)`,
  );
  for (let start = 0; start < ids.length; start += PLACE_BATCH) {
    const placed = await queryRows(
      copy.shards.initiator,
      `select merchant_id, ${SHARDING_KEY} % ${copy.shards.shards.length} from (select toInt32(${orgId}) as org_id, toInt64(arrayJoin([${ids.slice(start, start + PLACE_BATCH).join(', ')}])) as merchant_id)`,
    );
    await copy.duckdb.run(
      `insert into ${name} values ${placed.map(([id, shard]) => `(${BigInt(String(id))}, ${Number(shard)})`).join(', ')}`,
    );
  }
  return name;
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
  const [rows] = await insertSpread(duckdb, columns, `select ${tabSeparatedRowSql(columns)} from ${from}`, [
    { clickhouse, table: target },
  ]);
  return rows!;
}

/** A ClickHouse table that receives some of a copy's rows. */
interface Destination {
  clickhouse: ClickHouseClient;
  table: string;
}

/**
 * Streams the TabSeparated lines of `select` into the destinations side by side, one HTTP insert each
 * (18.16 parses an insert on one thread, so two inserts use two cores), and returns each one's row
 * count. With one destination per shard, `select` has a second column, the destination's index of each
 * row; with a single destination the chunks are shared between PARALLEL_INSERTS inserts into it.
 */
async function insertSpread(
  duckdb: DuckDBConnection,
  columns: readonly Column[],
  select: string,
  destinations: readonly Destination[],
): Promise<number[]> {
  const command = (destination: Destination, query: string) => destination.clickhouse.command({ query });
  const wire = (destination: Destination) => `${destination.table}_wire`;
  const viaWire = columns.some((column) => column.type.kind === 'double');
  const created: Destination[] = [];
  try {
    if (viaWire)
      for (const destination of destinations) {
        created.push(destination);
        await command(
          destination,
          `create table ${wire(destination)} (${columns.map((column) => `${column.name} ${wireType(column)}`).join(', ')}) engine = MergeTree() order by tuple()`,
        );
      }
    const streams =
      destinations.length === 1
        ? Array.from({ length: PARALLEL_INSERTS }, () => destinations[0]!)
        : destinations.map((destination) => destination);
    const counts = await streamRows(
      duckdb,
      select,
      streams.map((destination) => ({ ...destination, table: viaWire ? wire(destination) : destination.table })),
      destinations.length > 1,
    );
    const perDestination = destinations.map((destination) =>
      streams.reduce((sum, stream, index) => sum + (stream === destination ? counts[index]! : 0), 0),
    );
    if (viaWire)
      for (const destination of destinations)
        await command(
          destination,
          `insert into ${destination.table} (${columns.map((column) => column.name).join(', ')}) select ${columns.map(fromWire).join(', ')} from ${wire(destination)}`,
        );
    return perDestination;
  } finally {
    // Settled, not awaited bare: a failed drop must not hide the error that brought us here.
    for (const destination of created)
      await command(destination, `drop table if exists ${wire(destination)}`).catch(() => undefined);
  }
}

/** Inserts into one table side by side: 18.16 parses each on one thread, the machines have two cores or more. */
const PARALLEL_INSERTS = 2;

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

/**
 * Runs `select` in DuckDB and sends its lines to the destinations' HTTP inserts, all open at once, and
 * returns how many lines each received. `routed`: the second column names each row's destination;
 * otherwise the chunks go to the inserts in turns. A slow insert holds the others back
 * (DuckDB's chunks are read only as fast as every insert takes them), so memory stays flat.
 */
async function streamRows(
  duckdb: DuckDBConnection,
  select: string,
  destinations: readonly Destination[],
  routed: boolean,
): Promise<number[]> {
  const bodies = destinations.map(() => new PassThrough().on('error', () => undefined));
  const counts = destinations.map(() => 0);
  let failure: { error: unknown } | null = null;
  // An insert's request starts with its first line: a request opened early and left without a byte is
  // a kept-alive connection the server closes after its keep_alive_timeout ("socket hang up").
  const inserts: Promise<unknown>[] = [];
  const started = destinations.map(() => false);
  const start = (index: number) => {
    started[index] = true;
    inserts.push(
      destinations[index]!.clickhouse.insert({
        table: destinations[index]!.table,
        values: bodies[index]!,
        format: 'TabSeparated',
      }).catch((error: unknown) => {
        failure ??= { error };
        // wakes a pump waiting for a body to drain, so it stops instead of waiting for ever
        for (const body of bodies) body.destroy();
        throw error;
      }),
    );
  };
  // A body whose buffer is full waits for its insert to take it (`drain`) before it gets more.
  const full: (Promise<unknown> | null)[] = bodies.map(() => null);
  const send = (index: number, lines: readonly string[]) => {
    if (!lines.length) return;
    if (!started[index]) start(index);
    counts[index]! += lines.length;
    if (!bodies[index]!.write(`${lines.join('\n')}\n`))
      full[index] = drained(bodies[index]!).then(() => (full[index] = null));
  };
  let turn = 0;
  const pump = async () => {
    const result = await duckdb.stream(select);
    for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
      const lines = chunk.getColumnValues(0) as string[];
      if (routed) {
        await Promise.all(full);
        const to = chunk.getColumnValues(1) as number[];
        const split = destinations.map((): string[] => []);
        lines.forEach((line, row) => split[to[row]!]!.push(line));
        split.forEach((part, index) => send(index, part));
      } else {
        // in turns, so neither insert waits long for its next line
        const next = turn++ % bodies.length;
        await full[next];
        send(next, lines);
      }
      if (failure || bodies.some((body) => body.destroyed)) return;
    }
    await Promise.all(full);
  };
  const pumped = pump().then(
    () => bodies.forEach((body) => body.end()),
    (error: unknown) => {
      // DuckDB's error is the cause; the inserts then fail rather than keep half the rows
      failure ??= { error };
      bodies.forEach((body) => body.destroy(error instanceof Error ? error : new Error(String(error))));
      throw error;
    },
  );
  const pumpedOutcome = await Promise.allSettled([pumped]);
  const outcomes = [...(await Promise.allSettled(inserts)), ...pumpedOutcome];
  if (failure) throw (failure as { error: unknown }).error;
  const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
  if (rejected) throw (rejected as PromiseRejectedResult).reason;
  return counts;
}

/** Resolves when `body` can take more (`drain`) or never will (`close`). */
function drained(body: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      body.off('drain', done).off('close', done);
      resolve();
    };
    body.on('drain', done).on('close', done);
  });
}
