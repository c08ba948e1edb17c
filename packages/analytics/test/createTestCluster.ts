// A private cluster for one test file: N clickhouse-server shards (startClickHouseCluster.ts), a database
// of the same name on each, the shards' clients (ClickHouseShards) for writes, and engines over it.
import { ClickHouseEngine, type ClickHouseEngineOptions } from '../src/clickhouse/clickhouseEngine.ts';
import { ClickHouseShards } from '../src/clickhouse/clickhouseShards.ts';
import { createClickHouseClient } from '../src/clickhouse/createClickHouseClient.ts';
import { startClickHouseCluster, type RunningCluster } from './startClickHouseCluster.ts';

export interface TestCluster {
  servers: RunningCluster;
  database: string;
  /** The shards' clients in the database: what copyFromDuckDB writes through. */
  shards: ClickHouseShards;
  /** An engine over the cluster (closed by stop()). */
  connect(options?: Omit<ClickHouseEngineOptions, 'url' | 'shardUrls' | 'database'>): Promise<ClickHouseEngine>;
  /** Closes the engines and clients, stops every server and removes their folders. */
  stop(): Promise<void>;
}

export async function createTestCluster(shardCount: number): Promise<TestCluster> {
  const database = 'analytics';
  const servers = await startClickHouseCluster({ shards: shardCount, database });
  const engines: ClickHouseEngine[] = [];
  try {
    for (const url of servers.urls) {
      const admin = createClickHouseClient({ url });
      await admin.command({ query: `create database if not exists ${database}` });
      await admin.close();
    }
    const shards = await ClickHouseShards.open({ urls: servers.urls, database, cluster: servers.name });
    return {
      servers,
      database,
      shards,
      async connect(options = {}) {
        const engine = await ClickHouseEngine.connect({
          ...options,
          url: servers.urls[0]!,
          shardUrls: servers.urls,
          database,
          cluster: servers.name,
        });
        engines.push(engine);
        return engine;
      },
      async stop() {
        await Promise.allSettled([...engines.map((engine) => engine.close()), shards.close()]);
        await servers.stop();
      },
    };
  } catch (error) {
    await servers.stop();
    throw error;
  }
}
