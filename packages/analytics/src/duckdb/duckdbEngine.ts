// The default engine: DuckDB embedded in the API process, one database file under
// DATA_DIR, a small connection pool, no extension ever installed or loaded from the network.
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { QueryDescription, QueryResult } from '@payportal/shared/analytics';
import { compileQuery, type CompiledQuery, type QueryScope } from '../compiler/compileQuery.ts';
import { exportPieces } from '../compiler/exportPieces.ts';
import { compileValues, type ValuesRequest } from '../compiler/compileValues.ts';
import type { FilterValue, ValueType } from '../compiler/dialect.ts';
import { duckdbDialect } from '../compiler/duckdbDialect.ts';
import {
  AnalyticsTimeoutError,
  NO_DATASET,
  toCell,
  type AnalyticsEngine,
  type CsvCopy,
  type CsvCopyOptions,
  type QueryOptions,
  type StreamOptions,
  type ValueOption,
} from '../engine.ts';
import { generateDataset, GENERATOR_VERSION } from '../generator/generateDataset.ts';
import { canTopUp, topUpDataset } from '../generator/topUpDataset.ts';
import { insertReferenceData } from '../generator/referenceData.ts';
import { answerMerchantQuestion } from '../merchant/answerMerchantQuestion.ts';
import { duckdbMerchantStatements as statements } from '../merchant/duckdbMerchantStatements.ts';
import { answerDisputeQuestion } from '../disputes/answerDisputeQuestion.ts';
import type { DisputeAnswer, DisputeQuestion } from '../disputes/disputeQuestion.ts';
import { DUCKDB_DISPUTES } from '../disputes/disputeStatements.ts';
import { createNormsCache } from '../signals/normsTable.ts';
import type { MerchantAnswer, MerchantQuestion } from '../merchant/merchantQuestion.ts';
import type { Statement } from '../merchant/merchantStatements.ts';
import { answerOptimizer } from '../optimizer/answerOptimizer.ts';
import { duckdbOptimizerStatements } from '../optimizer/optimizerStatements.ts';
import { answerResiduals } from '../residuals/answerResiduals.ts';
import type { ResidualsAnswer, ResidualsQuestion } from '../residuals/residualsQuestion.ts';
import { duckdbResiduals } from '../residuals/residualsSql.ts';
import type { OptimizerAnswer, OptimizerQuestion } from '../optimizer/optimizerQuestion.ts';
import { createQueryCache } from '../queryCache.ts';
import { answerQuery, toValueOption } from '../answerQuery.ts';
import { createConnectionPool, type ConnectionPool } from './connectionPool.ts';
import { CSV_COPY_OPTIONS, csvRowsSql } from './csvCellSql.ts';
import { createSchema } from './createSchema.ts';
import { duckdbParamTypes } from './duckdbParamTypes.ts';
import { loadUpload, type LoadUploadRequest, type LoadUploadResult } from '../uploads/loadUpload.ts';
import { MemoryBudgets, UPLOAD_MEMORY_BUDGET_BYTES } from '../uploads/uploadMemoryBudget.ts';
import {
  rejectsAfterSql,
  rejectsPageSql,
  toRejectRow,
  type UploadRejectKey,
  type UploadRejectPage,
  type UploadRejectRow,
} from '../uploads/uploadRejects.ts';
import { removeUploads } from '../uploads/uploadRows.ts';

/** The API's database file under its DATA_DIR; the generator CLI writes the same one. */
export function duckdbFileIn(dataDir: string): string {
  return join(dataDir, 'analytics.duckdb');
}

export interface DuckDBEngineOptions {
  /** A database file, or ':memory:' for tests. */
  path: string;
  /** Concurrent queries; more wait for a free connection. */
  connections?: number;
  timeoutMs?: number;
  cacheEntries?: number;
  /** DuckDB worker threads; default: every core. */
  threads?: number;
  /** What an upload's load may add to DuckDB's memory (uploads/uploadMemoryBudget.ts); default 64 MiB. */
  uploadMemoryBytes?: number;
}

export interface DatasetRequest {
  orgId: number;
  scaleFactor: number;
  /** 'YYYY-MM-01': the last of 13 whole calendar months (fixed windows, for tests). */
  endMonth?: string;
  /** 'YYYY-MM-DD': the data's last day, yesterday in the organisation's time zone. */
  lastDay?: string;
}

/** What an organisation's ledger says of its dataset (base last day: the generated window's, before any top-up). */
export interface ExistingDataset {
  scaleFactor: number;
  generatorVersion: number;
  endMonth: string;
  lastDay: string | null;
  baseLastDay: string | null;
}

/** What ensureDataset did: kept the dataset, appended the days after its last day, or made it whole. */
export type DatasetOutcome = 'reused' | 'topped up' | 'generated';

/**
 * Reuse the same dataset; top up the same one (scale factor, generator version) ending on an earlier
 * day, while the new days fit its sale ids; generate anything else (none yet, another size or version,
 * a fixed month window, a last day later than asked).
 */
export function datasetPlan(
  existing: ExistingDataset | null,
  request: DatasetRequest,
): 'reuse' | 'top up' | 'generate' {
  if (!existing || existing.scaleFactor !== request.scaleFactor || existing.generatorVersion !== GENERATOR_VERSION)
    return 'generate';
  if (request.lastDay === undefined)
    return existing.lastDay === null && existing.endMonth === request.endMonth ? 'reuse' : 'generate';
  if (existing.lastDay === request.lastDay) return 'reuse';
  if (
    existing.lastDay !== null &&
    existing.baseLastDay !== null &&
    existing.lastDay < request.lastDay &&
    canTopUp(request.scaleFactor, existing.baseLastDay, request.lastDay)
  )
    return 'top up';
  return 'generate';
}

/** An export's statement: every row (no QUERY_ROW_CAP), or rowCap + 1 so a cut is known. */
function compileExport(description: QueryDescription, scope: QueryScope, options: QueryOptions) {
  return compileQuery(description, scope, duckdbDialect, {
    rowCap: options.rowCap ?? Number.MAX_SAFE_INTEGER - 1,
    rollup: options.rollup ?? 'auto',
  });
}

export class DuckDBEngine implements AnalyticsEngine {
  readonly name = 'duckdb';
  private readonly cache;
  /** Data versions by organisation: this process is the only writer (the CLI needs the API stopped), so
   * a version read once stays right until this engine generates again, which forgets it. */
  private readonly versions = new Map<number, string>();
  /** The signals' MCC norms per organisation, data version and day (signals/normsTable.ts). */
  private readonly norms = createNormsCache();
  /** Uploads' loads under way hold DuckDB's memory to a budget (instance-wide). */
  private readonly memoryBudgets = new MemoryBudgets();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly pool: ConnectionPool,
    private readonly options: DuckDBEngineOptions,
  ) {
    this.cache = createQueryCache(options.cacheEntries ?? 500);
  }

  static async open(options: DuckDBEngineOptions): Promise<DuckDBEngine> {
    const instance = await DuckDBInstance.create(options.path, {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
      allow_community_extensions: 'false',
      ...(options.threads ? { threads: String(options.threads) } : {}),
    });
    const setup = await instance.connect();
    try {
      await createSchema(setup);
      await insertReferenceData(setup);
    } finally {
      setup.closeSync();
    }
    return new DuckDBEngine(instance, await createConnectionPool(instance, options.connections ?? 4), options);
  }

  async query(description: QueryDescription, scope: QueryScope, options: QueryOptions = {}): Promise<QueryResult> {
    const dataVersion = await this.dataVersion(scope.orgId);
    return answerQuery(description, scope, options, {
      dialect: duckdbDialect,
      cache: this.cache,
      dataVersion,
      run: (sql, params, types, timeoutMs) =>
        this.run(sql, params, timeoutMs ?? this.options.timeoutMs, types, options.signal),
    });
  }

  async stream(
    description: QueryDescription,
    scope: QueryScope,
    sink: Parameters<AnalyticsEngine['stream']>[2],
    options: StreamOptions = {},
  ): Promise<number> {
    const compiled = compileExport(description, scope, options);
    if ((await this.dataVersion(scope.orgId)) === NO_DATASET) return 0;
    // An export is limited only when its caller asks (options.timeoutMs), as on ClickHouse: the sink's pace is its own.
    return this.interruptible(
      options.timeoutMs,
      async (connection) => {
        const result = await connection.stream(compiled.sql, compiled.params, duckdbParamTypes(compiled.types));
        let count = 0;
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) return count;
          // The compiled answer holds only doubles, text and booleans, which DuckDB hands over as JS values.
          const rows = chunk.getRows().map((row) => row.map((value, index) => toCell(value, compiled.columns[index]!)));
          count += rows.length;
          await sink(rows, compiled.columns);
        }
      },
      options.signal,
    );
  }

  async copyCsv(
    description: QueryDescription,
    scope: QueryScope,
    directory: string,
    options: CsvCopyOptions,
  ): Promise<CsvCopy> {
    if ((await this.dataVersion(scope.orgId)) === NO_DATASET) return { rows: 0, files: [] };
    const months = (
      await this.run(
        "select distinct strftime(date_trunc('month', day), '%Y-%m-%d') as month from merchant_daily where org_id = $1::integer order by month",
        [scope.orgId],
      )
    ).map((row) => String(row[0]));
    const pieces = exportPieces(description, scope.today, months);
    const cap = options.rowCap ?? Number.MAX_SAFE_INTEGER - 1;
    const limit = Math.min(description.limit ?? cap, cap);
    const copy: CsvCopy = { rows: 0, files: [] };
    for (const [index, piece] of pieces.entries()) {
      const room = limit - copy.rows;
      const path = join(directory, `part-${index}.csv`);
      const progress = (percent: number) =>
        options.onProgress?.({ percent: ((index + percent / 100) / pieces.length) * 100, rows: copy.rows });
      copy.files.push(path);
      copy.rows += await this.copyPiece(
        compileExport(piece, scope, { ...options, rowCap: room }),
        path,
        options,
        progress,
      );
      // The row past the limit is in: it tells the cut, and no later piece is needed.
      if (copy.rows > limit) break;
    }
    return copy;
  }

  /** One COPY statement into `path`; the connection's progress reported meanwhile. */
  private copyPiece(
    compiled: CompiledQuery,
    path: string,
    options: CsvCopyOptions,
    progress: (percent: number) => void,
  ): Promise<number> {
    const rows = csvRowsSql(
      compiled.columns,
      options.neutraliseFormulas,
      compiled.sql,
      options.periodNotes,
      options.valueLabels,
    );
    return this.interruptible(
      options.timeoutMs,
      async (connection) => {
        const timer = setInterval(() => {
          const { percentage } = connection.progress;
          if (percentage >= 0) progress(percentage);
        }, 500);
        try {
          // The path is the API's own scratch folder's, never a caller's text.
          const result = await connection.run(
            `copy (${rows}) to '${path.replaceAll("'", "''")}' (${CSV_COPY_OPTIONS})`,
            compiled.params,
            duckdbParamTypes(compiled.types),
          );
          return result.rowsChanged;
        } finally {
          clearInterval(timer);
        }
      },
      options.signal,
    );
  }

  async count(description: QueryDescription, scope: QueryScope, options: QueryOptions = {}): Promise<number> {
    const compiled = compileExport(description, scope, options);
    if ((await this.dataVersion(scope.orgId)) === NO_DATASET) return 0;
    // Like stream, limited only when the caller asks: an export job counts as long as it must.
    const rows = await this.run(
      `select count(*)::double from (${compiled.sql})`,
      compiled.params,
      options.timeoutMs,
      compiled.types,
    );
    return Number(rows[0]![0]);
  }

  async values(request: ValuesRequest, scope: QueryScope): Promise<ValueOption[]> {
    const compiled = compileValues(request, scope, duckdbDialect);
    if ((await this.dataVersion(scope.orgId)) === NO_DATASET) return [];
    const rows = await this.run(compiled.sql, compiled.params, this.options.timeoutMs, compiled.types);
    return rows.map(toValueOption);
  }

  async optimize<Q extends OptimizerQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<OptimizerAnswer<Q>> {
    const hasData = (await this.dataVersion(scope.orgId)) !== NO_DATASET;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return answerOptimizer(question, {
      dialect: duckdbDialect,
      statements: duckdbOptimizerStatements,
      scope,
      hasData,
      run: (sql, params, types) => this.run(sql, params, timeoutMs, types),
    });
  }

  async residuals<Q extends ResidualsQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<ResidualsAnswer<Q>> {
    const hasData = (await this.dataVersion(scope.orgId)) !== NO_DATASET;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return answerResiduals(question, {
      residuals: duckdbResiduals(duckdbDialect),
      scope,
      hasData,
      run: (sql, params, types) => this.run(sql, params, timeoutMs, types),
    });
  }

  async loadUpload(request: LoadUploadRequest): Promise<LoadUploadResult> {
    try {
      return await this.pool.use((connection) =>
        this.memoryBudgets.with(connection, this.options.uploadMemoryBytes ?? UPLOAD_MEMORY_BUDGET_BYTES, () =>
          loadUpload(connection, request),
        ),
      );
    } finally {
      this.versions.delete(request.orgId);
    }
  }

  async removeUploads(orgId: number, uploadIds: readonly number[], scopedNodes?: readonly string[]): Promise<void> {
    try {
      await this.pool.use((connection) => removeUploads(connection, orgId, uploadIds, scopedNodes));
    } finally {
      this.versions.delete(orgId);
    }
  }

  async uploadRejects(
    orgId: number,
    uploadId: number,
    page: { offset: number; limit: number },
  ): Promise<UploadRejectPage> {
    const rows = await this.run(rejectsPageSql, [orgId, uploadId, page.limit, page.offset]);
    const total = rows.length
      ? Number(rows[0]![4])
      : (
          await this.run('select count(*) from upload_rejects where org_id = $1::integer and upload_id = $2::bigint', [
            orgId,
            uploadId,
          ])
        ).map((row) => Number(row[0]))[0]!;
    return { rows: rows.map(toRejectRow), total };
  }

  async uploadRejectsAfter(
    orgId: number,
    uploadId: number,
    after: UploadRejectKey | null,
    limit: number,
  ): Promise<UploadRejectRow[]> {
    return (await this.run(rejectsAfterSql, [orgId, uploadId, after?.line ?? 0, after?.column ?? '', limit])).map(
      toRejectRow,
    );
  }

  /** The dispute desk (disputes/disputeStatements.ts, the SQL ClickHouse runs too). */
  async disputes<Q extends DisputeQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<DisputeAnswer<Q>> {
    const hasData = (await this.dataVersion(scope.orgId)) !== NO_DATASET;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return answerDisputeQuestion(question, {
      disputes: { dialect: duckdbDialect, ...DUCKDB_DISPUTES },
      orgId: scope.orgId,
      ...(scope.node !== undefined && { node: scope.node }),
      hasData,
      run: (sql, params, types) => this.run(sql, params, timeoutMs, types),
    });
  }

  async merchants<Q extends MerchantQuestion>(
    question: Q,
    scope: QueryScope,
    options: Pick<QueryOptions, 'timeoutMs'> = {},
  ): Promise<MerchantAnswer<Q>> {
    const hasData = (await this.dataVersion(scope.orgId)) !== NO_DATASET;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    // The signals bind null for "every merchant", which DuckDB takes as a value like any other.
    const version = await this.dataVersion(scope.orgId);
    const run = ({ sql, params }: Statement) => this.run(sql, params as FilterValue[], timeoutMs);
    const norms = () =>
      this.norms(`${scope.orgId}|${version}|${scope.today}`, async () =>
        statements.toNorms(await run(statements.norms(scope.orgId, scope.today))),
      );
    return answerMerchantQuestion(question, {
      orgId: scope.orgId,
      node: scope.node ?? null,
      today: scope.today,
      hasData,
      statements,
      norms,
      run,
    });
  }

  async dataVersion(orgId: number): Promise<string> {
    const known = this.versions.get(orgId);
    if (known) return known;
    const rows = await this.run('select data_version from datasets where org_id = $1::integer', [orgId]);
    const version = rows.length ? String(rows[0]![0]) : NO_DATASET;
    this.versions.set(orgId, version);
    return version;
  }

  /** The organisation's dataset as generated now, or null when none exists. */
  private async dataset(orgId: number): Promise<ExistingDataset | null> {
    const rows = await this.run(
      `select scale_factor, generator_version, strftime(end_month, '%Y-%m-%d'), strftime(last_day, '%Y-%m-%d'),
      strftime(coalesce(base_last_day, last_day), '%Y-%m-%d') from datasets where org_id = $1::integer`,
      [orgId],
    );
    const row = rows[0];
    return row
      ? {
          scaleFactor: Number(row[0]),
          generatorVersion: Number(row[1]),
          endMonth: String(row[2]),
          lastDay: row[3] === null ? null : String(row[3]),
          baseLastDay: row[4] === null ? null : String(row[4]),
        }
      : null;
  }

  /**
   * Makes sure an organisation holds the synthetic dataset asked for: the same one is reused; the same
   * one ending earlier is topped up with the days missing (topUpDataset.ts: no existing row changes);
   * anything else is generated (or replaced), and `onGenerate` hears why (none yet, or another size,
   * version or window) before it starts.
   */
  async ensureDataset(
    request: DatasetRequest,
    onGenerate?: (reason: 'first' | 'replaced') => void,
  ): Promise<DatasetOutcome> {
    const existing = await this.dataset(request.orgId);
    const plan = datasetPlan(existing, request);
    if (plan === 'reuse') return 'reused';
    if (plan === 'top up') {
      try {
        await this.pool.use((connection) =>
          topUpDataset(connection, {
            orgId: request.orgId,
            scaleFactor: request.scaleFactor,
            baseLastDay: existing!.baseLastDay!,
            fromDay: existing!.lastDay!,
            lastDay: request.lastDay!,
          }),
        );
      } finally {
        this.versions.delete(request.orgId);
      }
      return 'topped up';
    }
    onGenerate?.(existing ? 'replaced' : 'first');
    this.versions.delete(request.orgId);
    try {
      await this.pool.use((connection) => generateDataset(connection, request));
    } finally {
      this.versions.delete(request.orgId);
    }
    return 'generated';
  }

  /** For the generator CLI, the benchmarks and the ClickHouse copy; it may write, so versions are read again after. */
  async withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    try {
      return await this.pool.use(work);
    } finally {
      this.versions.clear();
    }
  }

  async close(): Promise<void> {
    this.pool.close();
    this.instance.closeSync();
  }

  /** `types`: the declared type of each parameter (a Binder's); without them the client guesses from the values. */
  private run(
    sql: string,
    params: FilterValue[],
    timeoutMs?: number,
    types?: ValueType[],
    signal?: AbortSignal,
  ): Promise<unknown[][]> {
    return this.interruptible(
      timeoutMs,
      async (connection) =>
        (await connection.runAndReadAll(sql, params, duckdbParamTypes(types))).getRowsJS() as unknown[][],
      signal,
    );
  }

  /**
   * `work` on a pooled connection, interrupted in the engine past `timeoutMs` (AnalyticsTimeoutError)
   * or when `signal` aborts (its reason is thrown).
   */
  private interruptible<T>(
    timeoutMs: number | undefined,
    work: (connection: DuckDBConnection) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    return this.pool.use(async (connection) => {
      // DuckDB forgets an interrupt that arrives before the statement starts, so once asked the
      // connection is interrupted again every few milliseconds until the statement gives up.
      let repeat: NodeJS.Timeout | undefined;
      const interrupt = () => {
        connection.interrupt();
        repeat ??= setInterval(() => connection.interrupt(), 5);
      };
      const timer = timeoutMs ? setTimeout(interrupt, timeoutMs) : undefined;
      signal?.addEventListener('abort', interrupt);
      try {
        if (signal?.aborted) throw signal.reason;
        return await work(connection);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (timeoutMs && error instanceof Error && /INTERRUPT/i.test(error.message))
          throw new AnalyticsTimeoutError(timeoutMs);
        throw error;
      } finally {
        clearTimeout(timer);
        clearInterval(repeat);
        signal?.removeEventListener('abort', interrupt);
      }
    });
  }
}
