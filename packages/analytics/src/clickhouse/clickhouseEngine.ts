// The scale-out engine (DESIGN.md §8): the same compiler in the ClickHouse dialect, over HTTP. A query
// past its time limit is stopped by the server itself (max_execution_time), not left running.
import { createClient, ClickHouseLogLevel, type ClickHouseClient } from '@clickhouse/client';
import type { QueryDescription, QueryResult } from '@payportal/shared';
import { clickhouseDialect } from '../compiler/clickhouseDialect.ts';
import { compileQuery, type QueryScope } from '../compiler/compileQuery.ts';
import { compileValues, type ValuesRequest } from '../compiler/compileValues.ts';
import { AnalyticsTimeoutError, toCell, type AnalyticsEngine, type QueryOptions, type ValueOption } from '../engine.ts';
import { createQueryCache } from '../queryCache.ts';
import { answerQuery, toValueOption } from '../answerQuery.ts';

export interface ClickHouseEngineOptions {
  url: string;
  database?: string;
  timeoutMs?: number;
  cacheEntries?: number;
}

/** ClickHouse's "Timeout exceeded" (TIMEOUT_EXCEEDED). */
const TIMEOUT_EXCEEDED = /Code: 159\b/;

export class ClickHouseEngine implements AnalyticsEngine {
  readonly name = 'clickhouse';
  private readonly cache;

  private constructor(
    readonly client: ClickHouseClient,
    private readonly options: ClickHouseEngineOptions,
  ) {
    this.cache = createQueryCache(options.cacheEntries ?? 500);
  }

  static async connect(options: ClickHouseEngineOptions): Promise<ClickHouseEngine> {
    const client = createClient({ url: options.url, database: options.database ?? 'default', log: { level: ClickHouseLogLevel.OFF } });
    return new ClickHouseEngine(client, options);
  }

  async query(description: QueryDescription, scope: QueryScope, options: QueryOptions = {}): Promise<QueryResult> {
    const dataVersion = await this.dataVersion(scope.orgId);
    return answerQuery(description, scope, options, { dialect: clickhouseDialect, cache: this.cache, dataVersion, run: (sql) => this.run(sql, options.timeoutMs ?? this.options.timeoutMs) });
  }

  async stream(description: QueryDescription, scope: QueryScope, sink: Parameters<AnalyticsEngine['stream']>[2], options: QueryOptions = {}): Promise<number> {
    const compiled = compileQuery(description, scope, clickhouseDialect, { rowCap: options.rowCap ?? Number.MAX_SAFE_INTEGER - 1, rollup: options.rollup ?? 'auto' });
    const result = await this.client.query({ query: compiled.sql, format: 'JSONCompactEachRow' });
    let count = 0;
    for await (const batch of result.stream<unknown[]>()) {
      const rows = batch.map((row) => row.json().map((value, index) => toCell(value, compiled.columns[index]!)));
      count += rows.length;
      await sink(rows, compiled.columns);
    }
    return count;
  }

  async values(request: ValuesRequest, scope: QueryScope): Promise<ValueOption[]> {
    const compiled = compileValues(request, scope.orgId, clickhouseDialect);
    const rows = await this.run(compiled.sql, this.options.timeoutMs);
    return rows.map(toValueOption);
  }

  async dataVersion(orgId: number): Promise<string> {
    const rows = await this.run(`select toString(max(data_version)) from datasets where org_id = ${Math.trunc(orgId)}`);
    const version = rows[0]?.[0];
    return typeof version === 'string' && version !== '0' ? version : 'empty';
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async run(sql: string, timeoutMs?: number): Promise<unknown[][]> {
    const settings = timeoutMs ? { max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)) } : {};
    try {
      const result = await this.client.query({ query: sql, format: 'JSONCompact', clickhouse_settings: settings });
      return (await result.json<unknown[]>()).data;
    } catch (error) {
      if (timeoutMs && error instanceof Error && TIMEOUT_EXCEEDED.test(error.message)) throw new AnalyticsTimeoutError(timeoutMs);
      throw error;
    }
  }
}
