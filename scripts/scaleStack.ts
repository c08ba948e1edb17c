// The scale-out stack, started by `npm run start:scale` and by the browser tests of that topology
// (e2e/scale/): private PostgreSQL and ClickHouse servers with their data under DATA_DIR, the demo
// organisations seeded into ClickHouse when it has none of them, then startStack's emulator, API
// processes over the two servers behind the reverse proxy at API_PORT, and partner demo. `stop()` ends
// all of it, the database servers last.
import { join } from 'node:path';
import { startClickHouseServers, startPostgresIn, type RunningServer } from './scaleServers.ts';
import { seedScaleAnalytics } from './seedScaleAnalytics.ts';
import { startStack, type RunningStack, type StackOptions } from './stack.ts';
import type { StackConfig } from './stackConfig.ts';

export interface ScaleStackOptions extends Pick<StackOptions, 'log' | 'verbose'> {
  /** Scale factor of Acme's dataset (Demo Payments gets a tenth): the seed's and the API processes'. */
  demoDataScale: number;
  processes?: number;
  /** ClickHouse as one server (1, the default) or a cluster of this many shards (CLICKHOUSE_SHARDS). */
  clickhouseShards?: number;
}

export interface RunningScaleStack extends RunningStack {
  /** The servers' URLs, for asking them directly. */
  servers: { postgres: string; clickhouse: string; clickhouseShards: string[] };
}

export async function startScaleStack(
  config: StackConfig,
  { log, verbose, demoDataScale, processes = 2, clickhouseShards = 1 }: ScaleStackOptions,
): Promise<RunningScaleStack> {
  const servers: Pick<RunningServer, 'stop'>[] = [];
  const stopServers = async () => {
    for (const server of servers.splice(0).reverse()) await server.stop();
  };
  try {
    const started = performance.now();
    const [postgres, clickhouse] = await Promise.all([
      startPostgresIn(join(config.DATA_DIR, 'postgres')),
      startClickHouseServers(join(config.DATA_DIR, 'clickhouse'), clickhouseShards),
    ]);
    servers.push(postgres, clickhouse);
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    log(`✔ ${'postgres'.padEnd(8)} ready at ${postgres.url} (${took()})`);
    if (clickhouse.urls.length === 1) log(`✔ ${'clickhouse'.padEnd(8)} ready at ${clickhouse.urls[0]} (${took()})`);
    else
      clickhouse.urls.forEach((url, index) =>
        log(`✔ ${'clickhouse'.padEnd(8)} shard ${index + 1} of ${clickhouse.urls.length} ready at ${url} (${took()})`),
      );
    await seedScaleAnalytics({
      databaseUrl: postgres.url,
      clickhouseUrls: clickhouse.urls,
      dataDir: config.DATA_DIR,
      scale: demoDataScale,
      progress: (line) => log(`… ${line}`),
    });
    const stack = await startStack(config, {
      log,
      verbose,
      scale: {
        processes,
        env: {
          DATABASE_URL: postgres.url,
          ANALYTICS_ENGINE: 'clickhouse',
          CLICKHOUSE_URL: clickhouse.urls[0]!,
          ...(clickhouse.urls.length > 1 && { CLICKHOUSE_SHARD_URLS: clickhouse.urls.join(',') }),
          // The processes' own seed reuses the datasets made above only at their scale factor (at another
          // it would generate them again).
          DEMO_DATA_SCALE: String(demoDataScale),
        },
      },
    });
    return {
      ...stack,
      servers: { postgres: postgres.url, clickhouse: clickhouse.urls[0]!, clickhouseShards: clickhouse.urls },
      async stop() {
        await stack.stop();
        await stopServers();
      },
    };
  } catch (error) {
    await stopServers();
    throw error;
  }
}
