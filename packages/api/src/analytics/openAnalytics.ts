// The analytics engine the API answers from: DuckDB in a file under DATA_DIR by
// default, or a ClickHouse server. Opened once in server.ts and handed to createApp.
import { mkdirSync } from 'node:fs';
import { ClickHouseEngine, DuckDBEngine, duckdbFileIn, type AnalyticsEngine } from '@payportal/analytics';
import type { ApiConfig } from '../config.ts';
import { engineConnections } from '../admission/admission.ts';

export async function openAnalytics(config: ApiConfig): Promise<AnalyticsEngine> {
  if (config.ANALYTICS_ENGINE === 'clickhouse')
    return ClickHouseEngine.connect({
      url: config.CLICKHOUSE_URL!,
      ...(config.CLICKHOUSE_SHARD_URLS?.length && { shardUrls: config.CLICKHOUSE_SHARD_URLS }),
      timeoutMs: config.ANALYTICS_TIMEOUT_MS,
      cacheEntries: config.ANALYTICS_CACHE_ENTRIES,
    });
  mkdirSync(config.DATA_DIR, { recursive: true });
  return DuckDBEngine.open({
    path: duckdbFileIn(config.DATA_DIR),
    timeoutMs: config.ANALYTICS_TIMEOUT_MS,
    cacheEntries: config.ANALYTICS_CACHE_ENTRIES,
    connections: engineConnections(config),
  });
}
