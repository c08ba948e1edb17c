// The scale-out engine (CLICKHOUSE.md): the same compiler in the ClickHouse dialect, over
// HTTP. A query past its time limit is stopped on the server (runClickHouseQuery.ts), not left running.
import type { ClickHouseClient } from '@clickhouse/client';
import type { QueryDescription, QueryResult } from '@payportal/shared/analytics';
import { clickhouseDialect } from '../compiler/clickhouseDialect.ts';
import { compileQuery, type QueryScope } from '../compiler/compileQuery.ts';
import { compileValues, type ValuesRequest } from '../compiler/compileValues.ts';
import type { DatasetOutcome, DatasetRequest } from '../duckdb/duckdbEngine.ts';
import {
  AnalyticsShardUnavailableError,
  AnalyticsTimeoutError,
  NO_DATASET,
  toCell,
  type AnalyticsEngine,
  type QueryOptions,
  type StreamOptions,
  type ValueOption,
} from '../engine.ts';
import { answerMerchantQuestion } from '../merchant/answerMerchantQuestion.ts';
import type { MerchantAnswer, MerchantQuestion } from '../merchant/merchantQuestion.ts';
import { answerOptimizer } from '../optimizer/answerOptimizer.ts';
import type { OptimizerAnswer, OptimizerQuestion } from '../optimizer/optimizerQuestion.ts';
import { answerResiduals } from '../residuals/answerResiduals.ts';
import type { ResidualsAnswer, ResidualsQuestion } from '../residuals/residualsQuestion.ts';
import { clickhouseResiduals } from '../residuals/residualsSql.ts';
import type { Statement } from '../merchant/merchantStatements.ts';
import { createQueryCache } from '../queryCache.ts';
import { createNormsCache } from '../signals/normsTable.ts';
import { answerQuery, toValueOption } from '../answerQuery.ts';
import { clickhouseNumber } from './clickhouseLiteral.ts';
import { ClickHouseShards } from './clickhouseShards.ts';
import { fillReferenceData } from './fillReferenceData.ts';
import { clickhouseMerchantStatements as statements } from './clickhouseMerchantStatements.ts';
import { answerDisputeQuestion } from '../disputes/answerDisputeQuestion.ts';
import type { DisputeAnswer, DisputeQuestion } from '../disputes/disputeQuestion.ts';
import { CLICKHOUSE_DISPUTES } from '../disputes/disputeStatements.ts';
import { clickhouseOptimizerStatements } from './clickhouseOptimizerStatements.ts';
import { ensureClickHouseDataset, type EnsureDatasetOptions } from './loadClickHouse.ts';
import { queryRows, streamRows, type RunOptions } from './runClickHouseQuery.ts';
import { ClickHouseUploads } from './clickhouseUploads.ts';
import type { LoadUploadRequest, LoadUploadResult } from '../uploads/loadUpload.ts';
import type { UploadRejectKey, UploadRejectPage, UploadRejectRow } from '../uploads/uploadRejects.ts';

export interface ClickHouseEngineOptions {
  /** The server's HTTP interface (`CLICKHOUSE_URL`). */
  url: string;
  /** The database holding the analytics tables (on every shard); `default` when absent. */
  database?: string;
  /**
   * A cluster (CLICKHOUSE.md, "The cluster"): every shard's HTTP interface in the order of the
   * cluster's `remote_servers` entry, the first being `url` (the initiator queries are sent to).
   * Absent or one URL: one server.
   */
  shardUrls?: readonly string[];
  /** The cluster's name in `remote_servers`; `payportal` when absent. */
  cluster?: string;
  /** The time limit of queries and value searches; none when absent. */
  timeoutMs?: number;
  cacheEntries?: number;
}

/** How many times an answer is asked again while publications keep changing the organisation under it. */
const CONSISTENT_ATTEMPTS = 10;
/** A publication's swaps take milliseconds; a marker odd for longer was left by a writer that died. */
const ABANDONED_PUBLICATION_SECONDS = 60;
const PUBLICATION_POLL_MS = 20;

export class ClickHouseEngine implements AnalyticsEngine {
  readonly name = 'clickhouse';
  private readonly cache;
  /** The signals' MCC norms per organisation, data version and day (signals/normsTable.ts). */
  private readonly norms = createNormsCache();
  private readonly uploads: ClickHouseUploads;

  readonly client: ClickHouseClient;

  private constructor(
    /** Where the tables live: one server, or a cluster's shards. */
    readonly shards: ClickHouseShards,
    private readonly options: ClickHouseEngineOptions,
  ) {
    this.client = shards.initiator;
    this.cache = createQueryCache(options.cacheEntries ?? 500);
    this.uploads = new ClickHouseUploads(shards);
  }

  /**
   * Creates the tables that are missing and fills the shared dimensions when empty (as DuckDBEngine.open
   * does), so a server nobody loaded yet answers with no rows and an uploaded merchant has its header.
   */
  static async connect(options: ClickHouseEngineOptions): Promise<ClickHouseEngine> {
    const urls = options.shardUrls?.length ? options.shardUrls : [options.url];
    if (urls[0] !== options.url)
      throw new TypeError(`ClickHouseEngine: the first of shardUrls must be url (${options.url}), received ${urls[0]}`);
    const shards = await ClickHouseShards.open({
      urls,
      ...(options.database !== undefined && { database: options.database }),
      ...(options.cluster !== undefined && { cluster: options.cluster }),
    });
    await shards.createTables();
    await fillReferenceData(shards);
    const engine = new ClickHouseEngine(shards, options);
    await engine.uploads.createTables();
    return engine;
  }

  async query(description: QueryDescription, scope: QueryScope, options: QueryOptions = {}): Promise<QueryResult> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    // Values are literals in the SQL text (the dialect's binder), so there are no parameters to pass.
    return this.consistently(scope.orgId, (dataVersion) =>
      answerQuery(description, scope, options, {
        dialect: clickhouseDialect,
        cache: this.cache,
        dataVersion,
        run: (sql, _params, _types, admittedMs) =>
          this.rows(sql, {
            timeoutMs: admittedMs ?? timeoutMs,
            ...(options.signal && { signal: options.signal }),
          }),
      }),
    );
  }

  /**
   * For exports: every row in pages, in the order and with the numbers of query(), with no row cap.
   * Rows already sent cannot be asked again: on a cluster it starts after any publication under way,
   * and one that begins while it streams is not waited for (CLICKHOUSE.md, "The cluster").
   */
  async stream(
    description: QueryDescription,
    scope: QueryScope,
    sink: Parameters<AnalyticsEngine['stream']>[2],
    options: StreamOptions = {},
  ): Promise<number> {
    const compiled = compileQuery(description, scope, clickhouseDialect, {
      rowCap: options.rowCap ?? Number.MAX_SAFE_INTEGER - 1,
      rollup: options.rollup ?? 'auto',
    });
    const { columns } = compiled;
    if ((await this.dataVersion(scope.orgId)) === NO_DATASET) return 0;
    return streamRows(
      this.client,
      compiled.sql,
      (rows) =>
        sink(
          rows.map((row) => columns.map((column) => toCell(row[column.name], column))),
          columns,
        ),
      { timeoutMs: options.timeoutMs, ...(options.signal && { signal: options.signal }) },
    ).catch((error: unknown) => {
      throw this.shardError(error);
    });
  }

  async count(description: QueryDescription, scope: QueryScope, options: QueryOptions = {}): Promise<number> {
    const compiled = compileQuery(description, scope, clickhouseDialect, {
      rowCap: options.rowCap ?? Number.MAX_SAFE_INTEGER - 1,
      rollup: options.rollup ?? 'auto',
    });
    return this.consistently(scope.orgId, async (version) => {
      if (version === NO_DATASET) return 0;
      // Like stream, limited only when the caller asks: an export job counts as long as it must.
      const rows = await this.rows(`select count() from (${compiled.sql})`, { timeoutMs: options.timeoutMs });
      return Number(rows[0]?.[0] ?? 0);
    });
  }

  async values(request: ValuesRequest, scope: QueryScope): Promise<ValueOption[]> {
    const compiled = compileValues(request, scope, clickhouseDialect);
    return this.consistently(scope.orgId, async (version) => {
      if (version === NO_DATASET) return [];
      const rows = await this.rows(compiled.sql, { timeoutMs: this.options.timeoutMs });
      return rows.map(toValueOption);
    });
  }

  /** The merchant-level page's finder, header and signals (clickhouseMerchantStatements.ts), answered as DuckDB answers them. */
  async merchants<Q extends MerchantQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<MerchantAnswer<Q>> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    // the statements carry their values as literals: there are no parameters to pass
    const run = ({ sql }: Statement) => this.rows(sql, { timeoutMs });
    return this.consistently(scope.orgId, (version) => {
      const norms = () =>
        this.norms(`${scope.orgId}|${version}|${scope.today}`, async () =>
          statements.toNorms(await run(statements.norms(scope.orgId, scope.today))),
        );
      return answerMerchantQuestion(question, {
        orgId: scope.orgId,
        node: scope.node ?? null,
        today: scope.today,
        hasData: version !== NO_DATASET,
        statements,
        norms,
        run,
      });
    });
  }

  /** The dispute desk (disputes/disputeStatements.ts, the SQL DuckDB runs too). */
  async disputes<Q extends DisputeQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<DisputeAnswer<Q>> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return this.consistently(scope.orgId, (version) =>
      answerDisputeQuestion(question, {
        disputes: { dialect: clickhouseDialect, ...CLICKHOUSE_DISPUTES },
        orgId: scope.orgId,
        ...(scope.node !== undefined && { node: scope.node }),
        hasData: version !== NO_DATASET,
        run: (sql) => this.rows(sql, { timeoutMs }),
      }),
    );
  }

  /** The revenue optimizer (clickhouseOptimizerStatements.ts), answered as DuckDB answers it. */
  async optimize<Q extends OptimizerQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<OptimizerAnswer<Q>> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return this.consistently(scope.orgId, (version) =>
      answerOptimizer(question, {
        dialect: clickhouseDialect,
        statements: clickhouseOptimizerStatements,
        scope,
        hasData: version !== NO_DATASET,
        run: (sql) => this.rows(sql, { timeoutMs }),
      }),
    );
  }

  /** Residuals (residuals/residualsSql.ts: one text for both dialects), answered as DuckDB answers them. */
  async residuals<Q extends ResidualsQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<ResidualsAnswer<Q>> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return this.consistently(scope.orgId, (version) =>
      answerResiduals(question, {
        residuals: clickhouseResiduals(clickhouseDialect),
        scope,
        hasData: version !== NO_DATASET,
        run: (sql) => this.rows(sql, { timeoutMs }),
      }),
    );
  }

  /**
   * `work` with the organisation's data version. On a cluster a publication swaps shard after shard
   * (ClickHouseShards.swap), so an answer is kept only when the version (which carries the
   * organisation's publication marker) is the same after it as before: otherwise it is asked again,
   * and the organisation is seen before or after a publication, never some shards of each. One server:
   * `work` once, as always.
   */
  private async consistently<T>(orgId: number, work: (version: string) => Promise<T>): Promise<T> {
    if (!this.shards.cluster) return work(await this.dataVersion(orgId));
    for (let attempt = 1; ; attempt++) {
      const version = await this.dataVersion(orgId);
      const answer = await work(version);
      if ((await this.dataVersion(orgId)) === version || attempt === CONSISTENT_ATTEMPTS) return answer;
    }
  }

  /** One statement on the initiator; a shard it cannot reach is named (AnalyticsShardUnavailableError). */
  private async rows(sql: string, options: RunOptions = {}): Promise<unknown[][]> {
    try {
      return await queryRows(this.client, sql, options);
    } catch (error) {
      throw this.shardError(error);
    }
  }

  /**
   * 18.16 reports a shard it cannot reach as ALL_CONNECTION_TRIES_FAILED (279) or NETWORK_ERROR (210) with
   * the shard's address in the text; an initiator that is down refuses the HTTP connection itself.
   */
  private shardError(error: unknown): unknown {
    if (!this.shards.cluster || !(error instanceof Error)) return error;
    const shard = /\bCode: (279|210|209)\b/.test(error.message)
      ? this.shards.shardNamedIn(error.message)
      : (error as { code?: string }).code === 'ECONNREFUSED'
        ? this.shards.shards[0]!
        : null;
    return shard
      ? Object.assign(new AnalyticsShardUnavailableError(shard.number, shard.tcpAddress!), { cause: error })
      : error;
  }

  /** Uploads (clickhouseUploads.ts): validated and priced by the DuckDB loader in a scratch DuckDB, published by partition swaps. */
  loadUpload(request: LoadUploadRequest): Promise<LoadUploadResult> {
    return this.uploads.load(request);
  }

  removeUploads(orgId: number, uploadIds: readonly number[], scopedNodes?: readonly string[]): Promise<void> {
    return this.uploads.remove(orgId, uploadIds, scopedNodes);
  }

  uploadRejects(orgId: number, uploadId: number, page: { offset: number; limit: number }): Promise<UploadRejectPage> {
    return this.uploads.rejects(orgId, uploadId, page);
  }

  uploadRejectsAfter(
    orgId: number,
    uploadId: number,
    after: UploadRejectKey | null,
    limit: number,
  ): Promise<UploadRejectRow[]> {
    return this.uploads.rejectsAfter(orgId, uploadId, after, limit);
  }

  /**
   * Reuses, tops up or generates an organisation's synthetic dataset, as DuckDBEngine.ensureDataset
   * does: made in a scratch DuckDB file and copied, a progress line per table (loadClickHouse.ts).
   */
  ensureDataset(
    request: DatasetRequest,
    onGenerate?: (reason: 'first' | 'replaced') => void,
    options: Omit<EnsureDatasetOptions, 'onGenerate'> = {},
  ): Promise<DatasetOutcome> {
    return ensureClickHouseDataset(this.shards, request, { ...options, onGenerate });
  }

  /**
   * The datasets ledger's version (copied last, so it changes only after the rows it describes). On a
   * cluster it carries the organisation's publication marker too (`<version>.<marker>`), and waits while
   * a publication swaps (an odd marker), unless the marker is older than a publication can be: its
   * writer died between two swaps, and the next publication of the organisation repairs it.
   */
  async dataVersion(orgId: number): Promise<string> {
    const ledger = () =>
      this.rows(`select toString(max(data_version)) from datasets where org_id = ${clickhouseNumber(orgId)}`, {
        timeoutMs: this.options.timeoutMs,
      });
    const publication = () =>
      this.shards.marker(orgId).catch((error: unknown) => {
        throw this.shardError(error);
      });
    let [rows, marker] = await Promise.all([ledger(), publication()]);
    for (const started = Date.now(); marker.seq % 2 === 1 && marker.ageSeconds < ABANDONED_PUBLICATION_SECONDS;) {
      if (Date.now() - started > (this.options.timeoutMs ?? ABANDONED_PUBLICATION_SECONDS * 1000))
        throw new AnalyticsTimeoutError(this.options.timeoutMs ?? ABANDONED_PUBLICATION_SECONDS * 1000);
      await new Promise((resolve) => setTimeout(resolve, PUBLICATION_POLL_MS));
      [rows, marker] = await Promise.all([ledger(), publication()]);
    }
    const version = rows[0]?.[0];
    if (typeof version !== 'string' || version === '0') return NO_DATASET;
    return this.shards.cluster ? `${version}.${marker.seq}` : version;
  }

  async close(): Promise<void> {
    await this.shards.close();
  }
}
