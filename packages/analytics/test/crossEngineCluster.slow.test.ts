// The cross-engine suite (crossEngineSuite.ts) against a cluster of two shards, one server each
// (CLICKHOUSE.md, "The cluster"): the facts spread over both by merchant, every answer equal to DuckDB's.
import { crossEngineSuite } from './crossEngineSuite.ts';
import { createTestCluster } from './createTestCluster.ts';

crossEngineSuite('two shards', async () => {
  const cluster = await createTestCluster(2);
  return {
    target: cluster.shards,
    client: cluster.shards.initiator,
    connect: () => cluster.connect({ cacheEntries: 0 }),
    drop: () => cluster.stop(),
  };
});
