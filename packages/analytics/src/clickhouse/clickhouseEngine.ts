// The scale-out engine (CLICKHOUSE.md): the same compiler in the ClickHouse dialect, over
// HTTP. A query past its time limit is stopped on the server (runClickHouseQuery.ts), not left running.
import type { ClickHouseClient } from '@clickhouse/client';
import type { QueryDescription, QueryResult } from '@payportal/shared/analytics';
import { clickhouseDialect } from '../compiler/clickhouseDialect.ts';
import { compileQuery, type QueryScope } from '../compiler/compileQuery.ts';
import { compileValues, type ValuesRequest } from '../compiler/compileValues.ts';
import type { DatasetOutcome, DatasetRequest } from '../duckdb/duckdbEngine.ts';
import {
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
import { CLICKHOUSE_TABLES, clickhouseTableDdl } from './clickhouseTables.ts';
import { createClickHouseClient } from './createClickHouseClient.ts';
import { fillReferenceData } from './fillReferenceData.ts';
import { clickhouseMerchantStatements as statements } from './clickhouseMerchantStatements.ts';
import { answerDisputeQuestion } from '../disputes/answerDisputeQuestion.ts';
import type { DisputeAnswer, DisputeQuestion } from '../disputes/disputeQuestion.ts';
import { CLICKHOUSE_DISPUTES } from '../disputes/disputeStatements.ts';
import { clickhouseOptimizerStatements } from './clickhouseOptimizerStatements.ts';
import { ensureClickHouseDataset, type EnsureDatasetOptions } from './loadClickHouse.ts';
import { queryRows, streamRows } from './runClickHouseQuery.ts';
import { ClickHouseUploads } from './clickhouseUploads.ts';
import type { LoadUploadRequest, LoadUploadResult } from '../uploads/loadUpload.ts';
import type { UploadRejectKey, UploadRejectPage, UploadRejectRow } from '../uploads/uploadRejects.ts';

export interface ClickHouseEngineOptions {
  /** The server's HTTP interface (`CLICKHOUSE_URL`). */
  url: string;
  /** The database holding the analytics tables; `default` when absent. */
  database?: string;
  /** The time limit of queries and value searches; none when absent. */
  timeoutMs?: number;
  cacheEntries?: number;
}

export class ClickHouseEngine implements AnalyticsEngine {
  readonly name = 'clickhouse';
  private readonly cache;
  /** The signals' MCC norms per organisation, data version and day (signals/normsTable.ts). */
  private readonly norms = createNormsCache();
  private readonly uploads: ClickHouseUploads;

  private constructor(
    readonly client: ClickHouseClient,
    private readonly options: ClickHouseEngineOptions,
  ) {
    this.cache = createQueryCache(options.cacheEntries ?? 500);
    this.uploads = new ClickHouseUploads(client);
  }

  /**
   * Creates the tables that are missing and fills the shared dimensions when empty (as DuckDBEngine.open
   * does), so a server nobody loaded yet answers with no rows and an uploaded merchant has its header.
   */
  static async connect(options: ClickHouseEngineOptions): Promise<ClickHouseEngine> {
    const client = createClickHouseClient({ url: options.url, database: options.database });
    for (const table of CLICKHOUSE_TABLES) await client.command({ query: clickhouseTableDdl(table) });
    await fillReferenceData(client);
    const engine = new ClickHouseEngine(client, options);
    await engine.uploads.createTables();
    return engine;
  }

  async query(description: QueryDescription, scope: QueryScope, options: QueryOptions = {}): Promise<QueryResult> {
    const dataVersion = await this.dataVersion(scope.orgId);
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    // Values are literals in the SQL text (the dialect's binder), so there are no parameters to pass.
    return answerQuery(description, scope, options, {
      dialect: clickhouseDialect,
      cache: this.cache,
      dataVersion,
      run: (sql, _params, _types, admittedMs) =>
        queryRows(this.client, sql, {
          timeoutMs: admittedMs ?? timeoutMs,
          ...(options.signal && { signal: options.signal }),
        }),
    });
  }

  /** For exports: every row in pages, in the order and with the numbers of query(), with no row cap. */
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
    );
  }

  async count(description: QueryDescription, scope: QueryScope, options: QueryOptions = {}): Promise<number> {
    const compiled = compileQuery(description, scope, clickhouseDialect, {
      rowCap: options.rowCap ?? Number.MAX_SAFE_INTEGER - 1,
      rollup: options.rollup ?? 'auto',
    });
    if ((await this.dataVersion(scope.orgId)) === NO_DATASET) return 0;
    // Like stream, limited only when the caller asks: an export job counts as long as it must.
    const rows = await queryRows(this.client, `select count() from (${compiled.sql})`, {
      timeoutMs: options.timeoutMs,
    });
    return Number(rows[0]?.[0] ?? 0);
  }

  async values(request: ValuesRequest, scope: QueryScope): Promise<ValueOption[]> {
    const compiled = compileValues(request, scope, clickhouseDialect);
    if ((await this.dataVersion(scope.orgId)) === NO_DATASET) return [];
    const rows = await queryRows(this.client, compiled.sql, { timeoutMs: this.options.timeoutMs });
    return rows.map(toValueOption);
  }

  /** The merchant-level page's finder, header and signals (clickhouseMerchantStatements.ts), answered as DuckDB answers them. */
  async merchants<Q extends MerchantQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<MerchantAnswer<Q>> {
    const version = await this.dataVersion(scope.orgId);
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    // the statements carry their values as literals: there are no parameters to pass
    const run = ({ sql }: Statement) => queryRows(this.client, sql, { timeoutMs });
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
  }

  /** The dispute desk (disputes/disputeStatements.ts, the SQL DuckDB runs too). */
  async disputes<Q extends DisputeQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<DisputeAnswer<Q>> {
    const hasData = (await this.dataVersion(scope.orgId)) !== NO_DATASET;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return answerDisputeQuestion(question, {
      disputes: { dialect: clickhouseDialect, ...CLICKHOUSE_DISPUTES },
      orgId: scope.orgId,
      ...(scope.node !== undefined && { node: scope.node }),
      hasData,
      run: (sql) => queryRows(this.client, sql, { timeoutMs }),
    });
  }

  /** The revenue optimizer (clickhouseOptimizerStatements.ts), answered as DuckDB answers it. */
  async optimize<Q extends OptimizerQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<OptimizerAnswer<Q>> {
    const hasData = (await this.dataVersion(scope.orgId)) !== NO_DATASET;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return answerOptimizer(question, {
      dialect: clickhouseDialect,
      statements: clickhouseOptimizerStatements,
      scope,
      hasData,
      run: (sql) => queryRows(this.client, sql, { timeoutMs }),
    });
  }

  /** Residuals (residuals/residualsSql.ts: one text for both dialects), answered as DuckDB answers them. */
  async residuals<Q extends ResidualsQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<ResidualsAnswer<Q>> {
    const hasData = (await this.dataVersion(scope.orgId)) !== NO_DATASET;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return answerResiduals(question, {
      residuals: clickhouseResiduals(clickhouseDialect),
      scope,
      hasData,
      run: (sql) => queryRows(this.client, sql, { timeoutMs }),
    });
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
    return ensureClickHouseDataset(this.client, request, { ...options, onGenerate });
  }

  /** The datasets ledger's version (copied last, so it changes only after the rows it describes). */
  async dataVersion(orgId: number): Promise<string> {
    const rows = await queryRows(
      this.client,
      `select toString(max(data_version)) from datasets where org_id = ${clickhouseNumber(orgId)}`,
      { timeoutMs: this.options.timeoutMs },
    );
    const version = rows[0]?.[0];
    return typeof version === 'string' && version !== '0' ? version : NO_DATASET;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
