// Where the analytics tables live: one ClickHouse server (plain MergeTree tables, as always), or a
// cluster of N shards (CLICKHOUSE.md, "The cluster"). On a cluster every shard holds the facts of its
// merchants in `<name>_local` tables with a Distributed table of the table's own name in front (so the
// compiler's SQL is the same), and a full copy of every other table; queries go to the first shard,
// the initiator. Writes never go through a Distributed table (18.16 would queue them and send them
// later): a write fills a staging table on the initiator as on one server, then `swap` spreads it,
// each shard pulling its own rows (`where SHARDING_KEY % N = shard`) or the whole copy, and swaps
// every shard's partition in one burst, announced to readers by a publication marker (below).
import type { ClickHouseClient } from '@clickhouse/client';
import { clickhouseNumber, clickhouseString } from './clickhouseLiteral.ts';
import {
  CLICKHOUSE_TABLES,
  clickhouseTableDdl,
  distributedTableDdl,
  localTableName,
  SHARDING_KEY,
  type ClickHouseTable,
} from './clickhouseTables.ts';
import { createClickHouseClient } from './createClickHouseClient.ts';
import { queryRows } from './runClickHouseQuery.ts';

export interface ClickHouseShard {
  /** 1…N, the cluster's order. */
  number: number;
  client: ClickHouseClient;
  /** host:port of its native interface as the cluster names it; null on one server. */
  tcpAddress: string | null;
}

/** A table filled on the initiator, to become the table's partition (an organisation's, or `tuple()`). */
export interface StagedTable {
  table: ClickHouseTable;
  staging: string;
  /** `replace` the partition (a copy, a removal), or `attach` the staged rows beside it (new rows only). */
  how: 'replace' | 'attach';
  /** How many rows it holds, when known: a cluster spreads no empty table (it drops the partition instead). */
  rows?: number;
  /**
   * Set when the table is staged on every shard under the same name, each holding only its own rows
   * (the copy from DuckDB places a sharded table's rows so): how many each holds, in shard order.
   * Nothing is pulled; each shard swaps its own staging table in.
   */
  shardRows?: number[];
}

/** The organisations' publication markers on the initiator: odd while a publication swaps, even after. */
const PUBLICATIONS_DDL =
  'create table if not exists publications (org_id Int32, seq UInt64, at DateTime) engine = MergeTree() order by (org_id, seq)';

export class ClickHouseShards {
  private constructor(
    readonly shards: readonly ClickHouseShard[],
    /** The cluster's name in `remote_servers`; null on one server. */
    readonly cluster: string | null,
    readonly database: string,
  ) {}

  /** One server: every table a plain MergeTree, written as it always was. */
  static single(client: ClickHouseClient): ClickHouseShards {
    return new ClickHouseShards([{ number: 1, client, tcpAddress: null }], null, 'default');
  }

  /**
   * The cluster `cluster` whose shards answer HTTP at `urls`, in the order of its `remote_servers`
   * entry (checked against the initiator's system.clusters). One URL: one server, plain tables.
   */
  static async open({
    urls,
    database = 'default',
    cluster = 'payportal',
  }: {
    urls: readonly string[];
    database?: string;
    cluster?: string;
  }): Promise<ClickHouseShards> {
    const clients = urls.map((url) => createClickHouseClient({ url, database }));
    if (clients.length === 1)
      return new ClickHouseShards([{ number: 1, client: clients[0]!, tcpAddress: null }], null, database);
    const described = await queryRows(
      clients[0]!,
      `select host_name, port from system.clusters where cluster = ${clickhouseString(cluster)} order by shard_num, replica_num`,
    );
    if (described.length !== urls.length) {
      await Promise.all(clients.map((client) => client.close()));
      throw new Error(
        `ClickHouse: the cluster ${cluster} has ${described.length} shard(s) in the first server's remote_servers, but ${urls.length} URLs were given`,
      );
    }
    const shards = clients.map((client, index) => ({
      number: index + 1,
      client,
      tcpAddress: `${String(described[index]![0])}:${String(described[index]![1])}`,
    }));
    return new ClickHouseShards(shards, cluster, database);
  }

  /** The server queries are sent to: the first shard. */
  get initiator(): ClickHouseClient {
    return this.shards[0]!.client;
  }

  /** Creates every analytics table that is missing, on every shard. */
  async createTables(tables: readonly ClickHouseTable[] = CLICKHOUSE_TABLES): Promise<void> {
    for (const { client } of this.shards)
      for (const table of tables) for (const ddl of this.tableDdl(table)) await client.command({ query: ddl });
    if (this.cluster) await this.initiator.command({ query: PUBLICATIONS_DDL });
  }

  /** The statements that create `table` on a shard: a local table and its Distributed one, or the table. */
  tableDdl(table: ClickHouseTable): string[] {
    if (!this.cluster || !table.sharded) return [clickhouseTableDdl(table)];
    return [clickhouseTableDdl(table, localTableName(table)), distributedTableDdl(table, this.cluster, this.database)];
  }

  /** The tables that hold `table`'s rows on each shard (where rows are written, columns added). */
  storedTables(table: ClickHouseTable): string[] {
    return this.cluster && table.sharded ? [localTableName(table), table.name] : [table.name];
  }

  /** Runs `query` on every shard (a dimension's change: every shard holds a copy). */
  async everywhere(query: string): Promise<void> {
    for (const { client } of this.shards) await client.command({ query });
  }

  /**
   * Makes the staged tables the new partition `orgId` (or `tuple()`, a shared dimension's) of their
   * tables. One server: one `ALTER … PARTITION … FROM` per table, as always. A cluster: every shard first
   * copies what it will hold from the initiator's staging tables, then (the organisation's marker odd)
   * every shard swaps, then the marker turns even: a reader that saw the marker change asks again
   * (ClickHouseEngine), so an answer is the organisation before or after, never some shards of each.
   */
  async swap(orgId: number | null, staged: readonly StagedTable[]): Promise<void> {
    const partition = orgId === null ? 'tuple()' : clickhouseNumber(orgId);
    const alter = ({ how }: StagedTable, target: string, source: string) =>
      `alter table ${target} ${how} partition ${partition} from ${source}`;
    if (!this.cluster) {
      for (const entry of staged)
        await this.initiator.command({ query: alter(entry, entry.table.name, entry.staging) });
      return;
    }
    const copies: { shard: ClickHouseShard; name: string }[] = [];
    try {
      // Each shard's copies (and later its swaps) in the staged order, the shards side by side.
      const swaps = await Promise.all(
        this.shards.map(async (shard) => {
          const queries: string[] = [];
          for (const entry of staged) {
            const target = entry.table.sharded ? localTableName(entry.table) : entry.table.name;
            const placed = entry.shardRows?.[shard.number - 1];
            if (placed !== undefined) {
              if (placed > 0) queries.push(alter(entry, target, entry.staging));
              else if (entry.how === 'replace') queries.push(`alter table ${target} drop partition ${partition}`);
              continue;
            }
            if (entry.rows === 0) {
              // nothing to copy: a replace empties the partition, an attach changes nothing
              if (entry.how === 'replace') queries.push(`alter table ${target} drop partition ${partition}`);
              continue;
            }
            if (!entry.table.sharded && shard.number === 1) {
              queries.push(alter(entry, target, entry.staging));
              continue;
            }
            const name = `${entry.staging}__shard${shard.number}`;
            copies.push({ shard, name });
            await shard.client.command({ query: clickhouseTableDdl(entry.table, name) });
            await shard.client.command({ query: `insert into ${name} ${this.pull(entry, shard)}` });
            queries.push(alter(entry, target, name));
          }
          return { shard, queries };
        }),
      );
      if (orgId !== null) await this.mark(orgId, 'publishing');
      await Promise.all(
        swaps.map(async ({ shard, queries }) => {
          for (const query of queries) await shard.client.command({ query });
        }),
      );
      if (orgId !== null) await this.mark(orgId, 'published');
    } finally {
      await Promise.allSettled(
        copies.map(({ shard, name }) => shard.client.command({ query: `drop table if exists ${name}` })),
      );
    }
  }

  /**
   * Copies a table of the initiator's (made by `ddl`) to every other shard under the same name, so a
   * query over a Distributed table can read it in an `IN` on each shard (an upload's touched merchants).
   */
  async copyEverywhere(name: string, ddl: string): Promise<void> {
    for (const shard of this.shards.slice(1)) {
      await shard.client.command({ query: ddl });
      await shard.client.command({
        query: `insert into ${name} select * from remote(${clickhouseString(this.shards[0]!.tcpAddress!)}, ${this.database}, ${name})`,
      });
    }
  }

  /** What `shard` holds of a staging table on the initiator: its merchants' rows, or all of them. */
  private pull(entry: StagedTable, shard: ClickHouseShard): string {
    const from =
      shard.number === 1
        ? entry.staging
        : `remote(${clickhouseString(this.shards[0]!.tcpAddress!)}, ${this.database}, ${entry.staging})`;
    const mine = entry.table.sharded ? ` where ${SHARDING_KEY} % ${this.shards.length} = ${shard.number - 1}` : '';
    return `select * from ${from}${mine}`;
  }

  /** The organisation's publication marker: the next odd number while swapping, the even one after. */
  private async mark(orgId: number, state: 'publishing' | 'published'): Promise<void> {
    const [row] = await queryRows(this.initiator, `select max(seq) from publications where org_id = ${orgId}`);
    const last = Number(row?.[0] ?? 0);
    const next = state === 'publishing' ? (last % 2 === 0 ? last + 1 : last + 2) : last % 2 === 1 ? last + 1 : last;
    await this.initiator.command({ query: `insert into publications select ${orgId}, ${next}, now()` });
  }

  /**
   * The organisation's marker and its age in seconds, for readers (ClickHouseEngine.dataVersion);
   * always `0` on one server, where nothing marks.
   */
  async marker(orgId: number): Promise<{ seq: number; ageSeconds: number }> {
    if (!this.cluster) return { seq: 0, ageSeconds: 0 };
    const [row] = await queryRows(
      this.initiator,
      `select max(seq), toUInt32(now()) - toUInt32(max(at)) from publications where org_id = ${clickhouseNumber(orgId)}`,
    );
    return { seq: Number(row?.[0] ?? 0), ageSeconds: Number(row?.[1] ?? 0) };
  }

  /** The shard a ClickHouse error names by its native address ("Connection refused (127.0.0.1:9001, …)"). */
  shardNamedIn(message: string): ClickHouseShard | null {
    const named = (address: string) => new RegExp(`${address.replaceAll('.', '\\.')}(?!\\d)`).test(message);
    return this.shards.find((shard) => shard.tcpAddress !== null && named(shard.tcpAddress)) ?? null;
  }

  async close(): Promise<void> {
    await Promise.all(this.shards.map((shard) => shard.client.close()));
  }
}
