// `npm run start:scale`: the product as a bigger deployment runs it, on this machine. Private PostgreSQL
// and ClickHouse servers (data under DATA_DIR/scale), the demo organisations seeded into ClickHouse on
// the first start, two API processes over them with their files in one shared folder, and the reverse
// proxy at API_PORT in front of them (a load balancer's role); the emulator and the partner demo as in
// `npm start` (scripts/scaleStack.ts). Same ready lines, URLs and demo accounts; Ctrl-C stops everything.
import { join } from 'node:path';
import { ensureBuilt } from './build.ts';
import { assertPortsFree } from './ports.ts';
import { startScaleStack } from './scaleStack.ts';
import { log, runStart, serveUntilStopped } from './serveUntilStopped.ts';
import { readStackConfig } from './stackConfig.ts';

/** Scale factor of Acme's dataset (Demo Payments gets a tenth), as `npm start`'s DEMO_DATA_SCALE. */
const DEMO_DATA_SCALE = Number(process.env.DEMO_DATA_SCALE ?? 1);
/** ClickHouse as one server (1) or a cluster of this many shards, one server each (analytics CLICKHOUSE.md, "The cluster"). */
const CLICKHOUSE_SHARDS = Number(process.env.CLICKHOUSE_SHARDS ?? 1);

runStart(async () => {
  const base = readStackConfig();
  // The API processes' DATA_DIR, the shared folder of their files; the servers' data beside it.
  const config = { ...base, DATA_DIR: join(base.DATA_DIR, 'scale') };
  if (!Number.isInteger(CLICKHOUSE_SHARDS) || CLICKHOUSE_SHARDS < 1 || CLICKHOUSE_SHARDS > 16)
    throw new Error(`CLICKHOUSE_SHARDS must be a whole number from 1 to 16, received ${process.env.CLICKHOUSE_SHARDS}`);
  await assertPortsFree(config);
  ensureBuilt(log);
  const stack = await startScaleStack(config, {
    log,
    verbose: true,
    demoDataScale: DEMO_DATA_SCALE,
    clickhouseShards: CLICKHOUSE_SHARDS,
  });
  serveUntilStopped(config, stack);
  log(
    `API processes: ${stack.apis.map((api) => `${api.name} at ${api.url}`).join(', ')}, behind the proxy at ${stack.urls.app} (each answer names its process in X-PayPortal-Instance)`,
  );
});
