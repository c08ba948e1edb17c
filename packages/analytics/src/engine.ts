// The engine interface: every screen, export and document asks through it, and DuckDB
// and ClickHouse answer it alike (the cross-engine test holds them to the same numbers).
import type { QueryCell, QueryColumn, QueryDescription, QueryResult } from '@payportal/shared/analytics';
import type { QueryScope } from './compiler/compileQuery.ts';
import type { ValuesRequest } from './compiler/compileValues.ts';
import type { DisputeAnswer, DisputeQuestion } from './disputes/disputeQuestion.ts';
import type { MerchantAnswer, MerchantQuestion } from './merchant/merchantQuestion.ts';
import type { OptimizerAnswer, OptimizerQuestion } from './optimizer/optimizerQuestion.ts';
import type { ResidualsAnswer, ResidualsQuestion } from './residuals/residualsQuestion.ts';
import type { LoadUploadRequest, LoadUploadResult } from './uploads/loadUpload.ts';
import type { UploadRejectKey, UploadRejectPage, UploadRejectRow } from './uploads/uploadRejects.ts';

export interface QueryOptions {
  /** Interrupt the query in the engine after this long and throw AnalyticsTimeoutError. */
  timeoutMs?: number;
  /** Aborting stops the statement in the engine (ClickHouse kills it on the server); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** auto (default) reads the rollup whenever it holds every member. */
  rollup?: 'auto' | 'never' | 'always';
  rowCap?: number;
  /**
   * Called once the answer is known not to be in the cache, before the engine runs it: it waits for the
   * question's turn (the API's admission) and says how long the statement may still take, which replaces
   * `timeoutMs`. A rollup question is light, one over the raw rows heavy. Not called for cached answers.
   */
  admit?: (weight: QueryWeight) => Promise<Admitted>;
}

/** An export's pages; its `signal` is its stop. */
export type StreamOptions = QueryOptions;

/** What a question costs the engine, known before it runs: the rollup's few rows, or the raw rows. */
export type QueryWeight = 'light' | 'heavy';

export interface Admitted {
  /** How long the statement may run; undefined: no limit. */
  timeoutMs: number | undefined;
  /** The turn is over (called once, whether the statement answered or failed). */
  release(): void;
}

export interface CsvCopyOptions extends QueryOptions {
  /** Text cells a spreadsheet would run as a formula get a leading apostrophe. */
  neutraliseFormulas: boolean;
  /** Aborting interrupts the statement in the engine, aggregation included; the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** About twice a second: the engine's own estimate of how far it is (0–100) and the rows of the pieces written so far. */
  onProgress?: (progress: { percent: number; rows: number }) => void;
  /** A last cell per row of an answer by period: its date bucket's note (shared periodNotesOf), empty for a bucket without one. */
  periodNotes?: ReadonlyMap<string, string>;
  /** The dimensions with a fixed vocabulary in words (shared dimensionVocabulary), not as codes. */
  valueLabels?: boolean;
}

export interface CsvCopy {
  /** Rows written, rowCap + 1 at most (the last one then tells the cap cut). */
  rows: number;
  /** The files that hold them, in order. */
  files: string[];
}

export interface ValueOption {
  value: string;
  label: string;
  parent: string | null;
}

export interface AnalyticsEngine {
  readonly name: 'duckdb' | 'clickhouse';
  query(description: QueryDescription, scope: QueryScope, options?: QueryOptions): Promise<QueryResult>;
  /** For exports: every row, in pages, without QUERY_ROW_CAP; with `rowCap`, at most rowCap + 1 rows (the last tells the cap cut). Resolves with the row count. */
  stream(
    description: QueryDescription,
    scope: QueryScope,
    sink: (rows: QueryCell[][], columns: QueryColumn[]) => Promise<void> | void,
    options?: StreamOptions,
  ): Promise<number>;
  /**
   * For exports, on an engine that writes CSV itself (DuckDB's COPY): the rows `stream` would hand over,
   * as CSV lines without a header, written into files in the local folder `directory` (which exists)
   * without passing through JavaScript, a month at a time where that changes nothing (exportPieces.ts).
   * Engines without it are streamed.
   */
  copyCsv?(
    description: QueryDescription,
    scope: QueryScope,
    directory: string,
    options: CsvCopyOptions,
  ): Promise<CsvCopy>;
  /** How many rows `stream` would hand over (an export's estimate); `rowCap` and the description's limit apply; limited in time only when the caller passes `timeoutMs`, like stream. */
  count(description: QueryDescription, scope: QueryScope, options?: QueryOptions): Promise<number>;
  values(request: ValuesRequest, scope: QueryScope): Promise<ValueOption[]>;
  /** The revenue optimizer's questions (OPTIMIZER.md), answered by set-based SQL in the engine's dialect. */
  optimize<Q extends OptimizerQuestion>(
    question: Q,
    scope: QueryScope,
    options?: Pick<QueryOptions, 'timeoutMs'>,
  ): Promise<OptimizerAnswer<Q>>;
  /**
   * Residuals (README "Residuals"): a complete month's portfolio summary or one partner's statement, per
   * merchant in the engine's SQL (residuals/residualsSql.ts, one text for both dialects). Rejects the
   * running or a later month with ResidualsMonthOpenError; answers null outside the caller's scope.
   */
  residuals<Q extends ResidualsQuestion>(
    question: Q,
    scope: QueryScope,
    options?: Pick<QueryOptions, 'timeoutMs'>,
  ): Promise<ResidualsAnswer<Q>>;
  /**
   * Uploads (README "Uploads"): validate a local CSV file of a kind and load its good rows tagged
   * with the upload, all at once for readers; remove uploads' rows; page through an upload's rejects.
   * Both engines have them (ClickHouse through a scratch DuckDB: CLICKHOUSE.md "Uploads"); an engine
   * without them makes the uploads API answer 503.
   */
  loadUpload?(request: LoadUploadRequest): Promise<LoadUploadResult>;
  /** Refused with a ScopedNodeError when nodes of `scopedNodes` (codes users are scoped to) would go. */
  removeUploads?(orgId: number, uploadIds: readonly number[], scopedNodes?: readonly string[]): Promise<void>;
  uploadRejects?(orgId: number, uploadId: number, page: { offset: number; limit: number }): Promise<UploadRejectPage>;
  /** The rejected rows after `after` (keyset, no total): reading them all page by page. */
  uploadRejectsAfter?(
    orgId: number,
    uploadId: number,
    after: UploadRejectKey | null,
    limit: number,
  ): Promise<UploadRejectRow[]>;
  /** The merchant-level page's finder, header and AML signals (merchant/merchantStatements.ts per dialect). */
  merchants<Q extends MerchantQuestion>(
    question: Q,
    scope: QueryScope,
    options?: Pick<QueryOptions, 'timeoutMs'>,
  ): Promise<MerchantAnswer<Q>>;
  /** The dispute desk's queue pages and single disputes (disputes/disputeStatements.ts, one SQL for both engines). */
  disputes<Q extends DisputeQuestion>(
    question: Q,
    scope: QueryScope,
    options?: Pick<QueryOptions, 'timeoutMs'>,
  ): Promise<DisputeAnswer<Q>>;
  /** Changes whenever the organisation's rows change (generation, uploads): part of every cache key. */
  dataVersion(orgId: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The data version of an organisation without a dataset in the ledger: none was made, or one is being
 * made or was interrupted. Its rows are never answered (an empty answer instead), so a half-written
 * dataset is never served as a whole one.
 */
export const NO_DATASET = 'empty';

export class AnalyticsTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The query took longer than ${timeoutMs / 1000} s and was stopped.`);
    this.name = 'AnalyticsTimeoutError';
  }
}

/**
 * A shard of a ClickHouse cluster did not answer: the question is refused whole rather than answered
 * from the other shards (skip_unavailable_shards stays off). The API answers 503 analytics/shard-unavailable.
 */
export class AnalyticsShardUnavailableError extends Error {
  constructor(
    /** 1…N, the cluster's order. */
    readonly shard: number,
    /** The shard's native address, as the cluster names it. */
    readonly address: string,
  ) {
    super(`Analytics shard ${shard} (${address}) is not answering; no partial answer is given.`);
    this.name = 'AnalyticsShardUnavailableError';
  }
}

/** Engines return numbers as bigint, decimals or 0/1; the answer carries plain JSON values. */
export function toCell(value: unknown, column: QueryColumn): QueryCell {
  if (value === null || value === undefined) return null;
  if (column.type === 'number') return Number(value);
  if (column.type === 'boolean') return value === true || value === 1 || value === '1';
  return String(value);
}
