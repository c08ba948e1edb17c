// The stack of the scale-out browser tests: `npm run start:scale`'s topology (scripts/scaleStack.ts) on
// the ports E2E_PORT_OFFSET + SCALE_PORT_SHIFT (E2E_STACK=scale, which the tests' urls read too), in a
// fresh data folder, at a small scale factor; stopped after, its PostgreSQL and ClickHouse servers
// included, and the folder removed.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScaleStack } from '../../scripts/scaleStack.ts';
import { testStackConfig } from '../testStack.ts';

/** Acme's dataset at a tenth of `npm start`'s (Demo Payments' at a hundredth): the planted signals are there at any size. */
const DEMO_DATA_SCALE = 0.1;

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'payportal-e2e-scale-'));
  // PostgreSQL runs as its own system user when the tests run as root: it must reach its folder inside.
  chmodSync(dataDir, 0o755);
  process.env.E2E_STACK = 'scale';
  process.env.E2E_DATA_DIR = dataDir;
  const stack = await startScaleStack(testStackConfig(), {
    log: (line) => console.log(line),
    verbose: false,
    demoDataScale: DEMO_DATA_SCALE,
    // CLICKHOUSE_SHARDS=2 runs the same tests on a two-shard cluster (analytics CLICKHOUSE.md, "The cluster")
    clickhouseShards: Number(process.env.CLICKHOUSE_SHARDS ?? 1),
  });
  console.log(`API processes behind the proxy at ${stack.urls.app}: ${stack.apis.map((api) => api.name).join(', ')}`);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
