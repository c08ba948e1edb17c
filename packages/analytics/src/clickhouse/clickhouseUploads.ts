// Uploads on ClickHouse (CLICKHOUSE.md, "Uploads"): validated and priced by the DuckDB loader itself
// (uploads/loadUpload.ts, unchanged) in a scratch in-memory DuckDB that holds only what the loader reads
// of the organisation (mirrorForUpload.ts), then published into ClickHouse table by table with partition
// operations, which 18.16 runs synchronously and atomically per table (ALTER … DELETE would be an
// asynchronous mutation that readers see half done):
// - a table that only gains rows gets them with `ATTACH PARTITION <org> FROM` a staging table of the new rows;
// - a table that loses rows (a removed upload's) is rebuilt for the organisation in a staging table, the
//   removed rows left out and the new ones added, and swapped in with `REPLACE PARTITION <org> FROM`;
// - a dispute's processor step (the dispute_events kind, or its removal) can set its chargeback's outcome
//   anew (uploads/settleDisputeOutcomes.ts): the scratch then holds every dispute of the organisation,
//   and when an outcome changed, the organisation's chargebacks are the scratch's, swapped whole;
// - merchant_daily is rebuilt for the merchants touched (clickhouseMerchantDailySql.ts) from the new
//   state of the facts, and swapped in the same way;
// - the datasets row, with a new data version, goes last.
// Every staging table is filled before the first swap, so the swaps follow one another within
// milliseconds and each table shows the upload's rows all or none; on a cluster they run on every shard
// behind the organisation's publication marker (clickhouseShards.ts).
import { randomUUID } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import type { DuckDBConnection } from '@duckdb/node-api';
import { loadUpload, type LoadUploadRequest, type LoadUploadResult } from '../uploads/loadUpload.ts';
import { MemoryBudgets, UPLOAD_MEMORY_BUDGET_BYTES } from '../uploads/uploadMemoryBudget.ts';
import type { UploadRejectKey, UploadRejectPage, UploadRejectRow } from '../uploads/uploadRejects.ts';
import { removeUploads, touchedMerchantsSql } from '../uploads/uploadRows.ts';
import { clickhouseNumber, clickhouseString } from './clickhouseLiteral.ts';
import { clickhouseMerchantDailySql, MERCHANT_DAILY_COLUMNS } from './clickhouseMerchantDailySql.ts';
import { CLICKHOUSE_TABLES, clickhouseTableDdl, type ClickHouseTable } from './clickhouseTables.ts';
import {
  clickhouseUploadTablesDdl,
  UPLOAD_MERCHANT_ID_COLUMNS,
  UPLOAD_NODE_ID_COLUMNS,
  UPLOAD_REJECT_COLUMNS,
} from './clickhouseUploadTables.ts';
import type { ClickHouseShards, StagedTable } from './clickhouseShards.ts';
import { insertFromDuckDB } from './copyFromDuckDB.ts';
import { openUploadScratch } from './mirrorForUpload.ts';
import { queryRows } from './runClickHouseQuery.ts';

/** The tables an upload's rows live in, in the order they are swapped: what a row refers to goes first. */
const PUBLISHED = [
  'portfolio_nodes',
  'schedule_a',
  'residual_splits',
  'residual_adjustments',
  'pricing_plans',
  'merchants',
  'merchant_dim',
  'transactions',
  'chargebacks',
  'dispute_events',
] as const;
type Published = (typeof PUBLISHED)[number];

/** The tables whose rows carry their upload_id and belong to a merchant. */
const TAGGED = ['merchants', 'transactions', 'chargebacks', 'dispute_events'] as const;
/** The tables whose rows carry their upload_id and belong to no merchant (the hierarchy, the residuals' inputs). */
const UNTOUCHING = ['portfolio_nodes', 'schedule_a', 'residual_splits', 'residual_adjustments'] as const;

const table = (name: string): ClickHouseTable => CLICKHOUSE_TABLES.find((candidate) => candidate.name === name)!;
const ids = (values: readonly number[]) => values.map((id) => clickhouseNumber(Math.trunc(id))).join(', ');

/**
 * The rows of `name` an upload owns, as a condition on the table (in either engine's SQL): tagged ones
 * directly; a pricing plan and a merchant_dim row through their merchant.
 */
function ownedBy(name: Published, orgId: number, uploadIds: readonly number[]): string {
  const list = ids(uploadIds);
  // coalesce: a generated row (no upload) is never owned, and `not` of the condition keeps it (never null)
  const tagged = `coalesce(upload_id, -1) in (${list})`;
  const merchants = (column: string) => `(select ${column} from merchants where org_id = ${orgId} and ${tagged})`;
  if (name === 'pricing_plans') return `pricing_plan_id in ${merchants('pricing_plan_id')}`;
  if (name === 'merchant_dim') return `merchant_id in ${merchants('merchant_id')}`;
  return tagged;
}

export class ClickHouseUploads {
  private readonly client: ClickHouseClient;

  /** The uploads' own tables live on the initiator; the published rows go to every shard that holds them. */
  constructor(private readonly shards: ClickHouseShards) {
    this.client = shards.initiator;
  }

  /** Creates the uploads' own tables where missing. */
  async createTables(): Promise<void> {
    for (const ddl of clickhouseUploadTablesDdl()) await this.client.command({ query: ddl });
  }

  /** Validates and loads an upload as DuckDB does (LoadUploadRequest), removing `removing`'s rows in the same publication. */
  async load(request: LoadUploadRequest): Promise<LoadUploadResult> {
    const { orgId, uploadId } = request;
    // A load stopped between two swaps (its process killed) left some of the upload's rows published:
    // they go first, so this attempt starts, as on DuckDB, from an organisation without them.
    if (await this.holdsRows(orgId, uploadId)) await this.remove(orgId, [uploadId]);
    const scratch = await openUploadScratch(this.client, orgId, request.kind);
    try {
      const { connection } = scratch;
      await connection.run('create table mids_before as select mid from upload_merchant_ids');
      await connection.run('create table codes_before as select code from upload_node_ids');
      // held to the same memory budget as a load on DuckDB: beyond it, the scratch spills to its folder
      const [result, outcomesChanged] = await changingOutcomes(connection, request.kind === 'dispute_events', () =>
        new MemoryBudgets().with(connection, UPLOAD_MEMORY_BUDGET_BYTES, () => loadUpload(connection, request)),
      );
      await this.replaceRejects(connection, orgId, uploadId);
      if (result.refused) return result;
      // A mid keeps its merchant id for good (tables.ts): the new pairs are kept before the rows arrive.
      await insertFromDuckDB(
        connection,
        this.client,
        UPLOAD_MERCHANT_ID_COLUMNS,
        'upload_merchant_ids where mid not in (select mid from mids_before)',
        'upload_merchant_ids',
      );
      await insertFromDuckDB(
        connection,
        this.client,
        UPLOAD_NODE_ID_COLUMNS,
        'upload_node_ids where code not in (select code from codes_before)',
        'upload_node_ids',
      );
      await this.publish(orgId, request.removing, { connection, uploadId, outcomesChanged });
      return result;
    } finally {
      await scratch.close();
    }
  }

  /** Whether any table holds rows of the upload. */
  private async holdsRows(orgId: number, uploadId: number): Promise<boolean> {
    const counts = [...TAGGED, ...UNTOUCHING].map(
      (name) => `(select count() from ${name} where org_id = ${orgId} and ${ownedBy(name, orgId, [uploadId])})`,
    );
    return Number((await queryRows(this.client, `select ${counts.join(' + ')}`))[0]![0]) > 0;
  }

  /**
   * Staging tables a publication left behind when its process was killed, dropped once they are an hour
   * old (a publication under way takes seconds; one writer at a time, see publish).
   */
  private async dropLeftovers(): Promise<void> {
    for (const { client } of this.shards.shards) {
      const rows = await queryRows(
        client,
        `select name from system.tables where database = currentDatabase() and position(name, '__upload_') > 0
          and metadata_modification_time < now() - 3600`,
      );
      for (const [name] of rows) await client.command({ query: `drop table if exists ${String(name)}` });
    }
  }

  /**
   * Removes the uploads' rows (their rejects stay: the history keeps them). Removing nodes of the
   * hierarchy goes through a scratch DuckDB as a load does: it refuses to take away a node of
   * `scopedNodes` (ScopedNodeError) and gives the organisation's merchant_dim rebuilt.
   */
  async remove(orgId: number, uploadIds: readonly number[], scopedNodes?: readonly string[]): Promise<void> {
    if (!uploadIds.length) return;
    const [nodes, steps] = [await this.ownsNodes(orgId, uploadIds), await this.ownsDisputeSteps(orgId, uploadIds)];
    if (!nodes && !steps) return this.publish(orgId, uploadIds, null);
    const scratch = await openUploadScratch(this.client, orgId, steps ? 'dispute_events' : null);
    try {
      const { connection } = scratch;
      const [, outcomesChanged] = await changingOutcomes(connection, steps, () =>
        removeUploads(connection, orgId, uploadIds, scopedNodes),
      );
      await this.publish(orgId, uploadIds, { connection, uploadId: null, outcomesChanged });
    } finally {
      await scratch.close();
    }
  }

  /** Whether the uploads hold steps of disputes they did not bring (a dispute_events upload's). */
  private async ownsDisputeSteps(orgId: number, uploadIds: readonly number[]): Promise<boolean> {
    const owned = (name: Published) => `org_id = ${orgId} and ${ownedBy(name, orgId, uploadIds)}`;
    const steps = `select count() from dispute_events where ${owned('dispute_events')}
      and chargeback_id not in (select chargeback_id from chargebacks where ${owned('chargebacks')})`;
    return Number((await queryRows(this.client, steps))[0]![0]) > 0;
  }

  /** Whether the uploads hold nodes of the hierarchy. */
  private async ownsNodes(orgId: number, uploadIds: readonly number[]): Promise<boolean> {
    const where = `org_id = ${orgId} and ${ownedBy('portfolio_nodes', orgId, uploadIds)}`;
    return Number((await queryRows(this.client, `select count() from portfolio_nodes where ${where}`))[0]![0]) > 0;
  }

  async rejects(orgId: number, uploadId: number, page: { offset: number; limit: number }): Promise<UploadRejectPage> {
    const where = `org_id = ${clickhouseNumber(orgId)} and upload_id = ${clickhouseNumber(uploadId)}`;
    const [rows, total] = await Promise.all([
      queryRows(
        this.client,
        `select line, column_name, value, reason from upload_rejects where ${where}
        order by line, column_name nulls first limit ${clickhouseNumber(page.offset)}, ${clickhouseNumber(page.limit)}`,
      ),
      queryRows(this.client, `select count() from upload_rejects where ${where}`),
    ]);
    return { rows: rows.map(rejectRow), total: Number(total[0]![0]) };
  }

  /** The page after a row; a column name is never empty, so '' sorts a line's own problem (null) first. */
  async rejectsAfter(
    orgId: number,
    uploadId: number,
    after: UploadRejectKey | null,
    limit: number,
  ): Promise<UploadRejectRow[]> {
    const line = clickhouseNumber(after?.line ?? 0);
    const column = clickhouseString(after?.column ?? '');
    const rows = await queryRows(
      this.client,
      `select line, column_name, value, reason from upload_rejects
      where org_id = ${clickhouseNumber(orgId)} and upload_id = ${clickhouseNumber(uploadId)}
        and (line > ${line} or (line = ${line} and ifNull(column_name, '') > ${column}))
      order by line, column_name nulls first limit ${clickhouseNumber(limit)}`,
    );
    return rows.map(rejectRow);
  }

  /** The upload's rejects, written anew (a retried load replaces those of its earlier attempt). */
  private async replaceRejects(connection: DuckDBConnection, orgId: number, uploadId: number): Promise<void> {
    await this.client.command({ query: `alter table upload_rejects drop partition ${clickhouseNumber(uploadId)}` });
    await insertFromDuckDB(
      connection,
      this.client,
      UPLOAD_REJECT_COLUMNS,
      `upload_rejects where org_id = ${orgId} and upload_id = ${uploadId}`,
      'upload_rejects',
    );
  }

  /**
   * Publishes one change of the organisation's rows: `removing`'s rows go, and `added`'s (an upload
   * loaded in the scratch DuckDB `connection`; none when it only removed them there) arrive, then the rollup of every merchant either touched
   * and a new data version. When the hierarchy changes, merchant_dim (each merchant's agent and sub-ISO)
   * is the scratch's whole, for every merchant; when disputes' outcomes changed (`outcomesChanged`: the
   * scratch holds every dispute), so are the chargebacks. One writer per organisation at a time (the uploads processor's).
   */
  private async publish(
    orgId: number,
    removing: readonly number[],
    added: { connection: DuckDBConnection; uploadId: number | null; outcomesChanged?: boolean } | null,
  ): Promise<void> {
    const command = (query: string) => this.client.command({ query });
    await this.dropLeftovers();
    const suffix = `__upload_${randomUUID().slice(0, 8)}`;
    const staging = (name: string) => `${name}${suffix}`;
    const created: string[] = [];
    const create = async (name: string) => {
      created.push(staging(name));
      await command(clickhouseTableDdl(table(name), staging(name)));
    };
    try {
      // The merchants touched: those of the removed rows (read before anything changes) and of the new ones.
      created.push(staging('touched'));
      const touchedDdl = `create table ${staging('touched')} (merchant_id Int64) engine = MergeTree() order by tuple()`;
      await command(touchedDdl);
      if (removing.length)
        await command(
          `insert into ${staging('touched')} ${TAGGED.map((name) => `select merchant_id from ${name} where org_id = ${orgId} and ${ownedBy(name, orgId, removing)}`).join(' union all ')}`,
        );
      if (added?.uploadId)
        await insertFromDuckDB(
          added.connection,
          this.client,
          [{ name: 'merchant_id', type: { kind: 'bigint' }, nullable: false }],
          `(${touchedMerchantsSql(orgId, [added.uploadId])})`,
          staging('touched'),
        );
      const hierarchyChanges =
        (added !== null && (await this.nodesOf(added.connection, orgId, added.uploadId))) ||
        (removing.length > 0 && (await this.ownsNodes(orgId, removing)));
      const touched = `select merchant_id from ${staging('touched')}`;
      // read in an `in` by queries over the Distributed facts, which each shard runs: every shard needs it
      await this.shards.copyEverywhere(staging('touched'), touchedDdl);

      // Each table's staging copy: the organisation's rows less the removed ones (when it holds any), then the new rows.
      const swaps: StagedTable[] = [];
      const sources: Record<string, string> = {};
      for (const name of PUBLISHED) {
        const whole = name === 'merchant_dim' ? hierarchyChanges : name === 'chargebacks' && added?.outcomesChanged;
        if (whole && added) {
          await create(name);
          await insertFromDuckDB(
            added.connection,
            this.client,
            table(name).columns,
            `${name} where org_id = ${orgId}`,
            staging(name),
          );
          swaps.push({ table: table(name), staging: staging(name), how: 'replace' });
          sources[name] = staging(name);
          continue;
        }
        const losing =
          removing.length > 0 &&
          Number(
            (
              await queryRows(
                this.client,
                `select count() from ${name} where org_id = ${orgId} and ${ownedBy(name, orgId, removing)}`,
              )
            )[0]![0],
          ) > 0;
        await create(name);
        if (losing)
          await command(
            `insert into ${staging(name)} select * from ${name} where org_id = ${orgId} and not (${ownedBy(name, orgId, removing)})`,
          );
        const gained = added?.uploadId
          ? await insertFromDuckDB(
              added.connection,
              this.client,
              table(name).columns,
              `${name} where org_id = ${orgId} and ${ownedBy(name, orgId, [added.uploadId])}`,
              staging(name),
            )
          : 0;
        if (losing) swaps.push({ table: table(name), staging: staging(name), how: 'replace' });
        else if (gained) swaps.push({ table: table(name), staging: staging(name), how: 'attach' });
        // the facts as they will be once swapped, for the rollup
        sources[name] = losing
          ? staging(name)
          : gained
            ? `(select * from ${name} where org_id = ${orgId} union all select * from ${staging(name)})`
            : name;
      }

      // merchant_daily: the untouched merchants' rows as they are, the touched ones' rebuilt.
      const touchedCount = Number((await queryRows(this.client, `select count() from ${staging('touched')}`))[0]![0]);
      if (touchedCount) await this.rebuildRollup(orgId, touched, sources, create, staging, swaps);

      // The ledger row with a new data version (caches key on it); an organisation without a dataset
      // gets one of scale factor 0, so its uploaded rows are answered (as uploads/uploadRows.ts does).
      await create('datasets');
      const nowMs = 'toInt64(toUInt32(now())) * 1000';
      await command(`insert into ${staging('datasets')} select org_id, scale_factor, generator_version, end_month,
        greatest(data_version + 1, ${nowMs}), generated_at, last_day, base_last_day from datasets where org_id = ${orgId}`);
      await command(`insert into ${staging('datasets')} (org_id, scale_factor, generator_version, end_month, data_version, generated_at)
        select ${orgId}, 0, 0, toStartOfMonth(today()), ${nowMs}, now() from system.one
        where (select count() from ${staging('datasets')}) = 0`);
      swaps.push({ table: table('datasets'), staging: staging('datasets'), how: 'replace' });

      await this.shards.swap(orgId, swaps);
    } finally {
      await Promise.allSettled(created.map((name) => this.shards.everywhere(`drop table if exists ${name}`)));
    }
  }

  /** Whether the scratch holds nodes of the upload (a hierarchy loaded). */
  private async nodesOf(connection: DuckDBConnection, orgId: number, uploadId: number | null): Promise<boolean> {
    if (uploadId === null) return false;
    const reader = await connection.runAndReadAll(
      `select count(*) from portfolio_nodes where org_id = ${orgId} and upload_id = ${uploadId}`,
    );
    return Number(reader.getRowsJS()[0]![0]) > 0;
  }

  /** merchant_daily's staging copy: the untouched merchants' rows as they are, the touched ones' rebuilt from `sources`. */
  private async rebuildRollup(
    orgId: number,
    touched: string,
    sources: Record<string, string>,
    create: (name: string) => Promise<void>,
    staging: (name: string) => string,
    swaps: StagedTable[],
  ): Promise<void> {
    const command = (query: string) => this.client.command({ query });
    await create('merchant_daily');
    await command(
      `insert into ${staging('merchant_daily')} select * from merchant_daily where org_id = ${orgId} and merchant_id not in (${touched})`,
    );
    await command(
      `insert into ${staging('merchant_daily')} (${MERCHANT_DAILY_COLUMNS.join(', ')}) ${clickhouseMerchantDailySql(
        orgId,
        touched,
        {
          transactions: sources.transactions!,
          chargebacks: sources.chargebacks!,
        },
      )}`,
    );
    swaps.push({ table: table('merchant_daily'), staging: staging('merchant_daily'), how: 'replace' });
  }
}

/**
 * Runs `change` in a scratch and says whether it set some chargeback's outcome anew (only a scratch that
 * holds every dispute of the organisation, `allDisputes`, can tell: otherwise false).
 */
async function changingOutcomes<T>(
  connection: DuckDBConnection,
  allDisputes: boolean,
  change: () => Promise<T>,
): Promise<[T, boolean]> {
  if (!allDisputes) return [await change(), false];
  await connection.run('create table outcomes_before as select chargeback_id, outcome from chargebacks');
  const result = await change();
  const reader = await connection.runAndReadAll(
    'select count(*) from chargebacks c join outcomes_before b using (chargeback_id) where c.outcome <> b.outcome',
  );
  await connection.run('drop table outcomes_before');
  return [result, Number(reader.getRowsJS()[0]![0]) > 0];
}

const rejectRow = (row: unknown[]): UploadRejectRow => ({
  line: Number(row[0]),
  column: row[1] === null ? null : String(row[1]),
  value: row[2] === null ? null : String(row[2]),
  reason: String(row[3]),
});
