// The cross-engine suite (crossEngineSuite.ts) against the run's one ClickHouse server (globalSetup.ts).
import { inject } from 'vitest';
import { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import { createTestDatabase } from './createTestDatabase.ts';
import { crossEngineSuite } from './crossEngineSuite.ts';

crossEngineSuite('one server', async () => {
  const database = await createTestDatabase();
  return {
    target: database.client,
    client: database.client,
    connect: () => ClickHouseEngine.connect({ url: inject('clickhouseUrl'), database: database.name, cacheEntries: 0 }),
    drop: () => database.drop(),
  };
});
