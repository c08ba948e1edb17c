// The scale-out stack, started by `npm run start:scale` and by the browser tests of that topology
// (e2e/scale/): private PostgreSQL and ClickHouse servers with their data under DATA_DIR, the demo
// organisations seeded into ClickHouse when it has none of them, then startStack's emulator, API
// processes over the two servers behind the reverse proxy at API_PORT, and partner demo. `stop()` ends
// all of it, the database servers last.
import { join } from 'node:path';
import { startClickHouseIn, startPostgresIn, type RunningServer } from './scaleServers.ts';
import { seedScaleAnalytics } from './seedScaleAnalytics.ts';
import { startStack, type RunningStack, type StackOptions } from './stack.ts';
import type { StackConfig } from './stackConfig.ts';

export interface ScaleStackOptions extends Pick<StackOptions, 'log' | 'verbose'> {
  /** Scale factor of Acme's dataset (Demo Payments gets a tenth): the seed's and the API processes'. */
  demoDataScale: number;
  processes?: number;
}

export interface RunningScaleStack extends RunningStack {
  /** The servers' URLs, for asking them directly. */
  servers: { postgres: string; clickhouse: string };
}

export async function startScaleStack(
  config: StackConfig,
  { log, verbose, demoDataScale, processes = 2 }: ScaleStackOptions,
): Promise<RunningScaleStack> {
  const servers: RunningServer[] = [];
  const stopServers = async () => {
    for (const server of servers.splice(0).reverse()) await server.stop();
  };
  try {
    const started = performance.now();
    const [postgres, clickhouse] = await Promise.all([
      startPostgresIn(join(config.DATA_DIR, 'postgres')),
      startClickHouseIn(join(config.DATA_DIR, 'clickhouse')),
    ]);
    servers.push(postgres, clickhouse);
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    log(`✔ ${'postgres'.padEnd(8)} ready at ${postgres.url} (${took()})`);
    log(`✔ ${'clickhouse'.padEnd(8)} ready at ${clickhouse.url} (${took()})`);
    await seedScaleAnalytics({
      databaseUrl: postgres.url,
      clickhouseUrl: clickhouse.url,
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
          CLICKHOUSE_URL: clickhouse.url,
          // The processes' own seed reuses the datasets made above only at their scale factor (at another
          // it would generate them again).
          DEMO_DATA_SCALE: String(demoDataScale),
        },
      },
    });
    return {
      ...stack,
      servers: { postgres: postgres.url, clickhouse: clickhouse.url },
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
