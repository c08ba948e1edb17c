// The first start of `npm run start:scale`: the portal database migrated and seeded, then each demo
// organisation that ClickHouse has no dataset for is generated into a DuckDB file under DATA_DIR (the
// same seed as `npm start`'s, seedDemoAnalytics) and copied into ClickHouse (copyFromDuckDB, which
// swaps each organisation's partitions in whole). Later starts find the datasets and copy nothing.
import { join } from 'node:path';
import { ClickHouseEngine, DuckDBEngine, NO_DATASET } from '@payportal/analytics';
import { DEMO_ORGANIZATIONS } from '@payportal/api/demo-accounts';
import { copyFromDuckDB } from '../packages/analytics/src/clickhouse/copyFromDuckDB.ts';
import { seedDemoAnalytics } from '../packages/api/src/analytics/seedDemoAnalytics.ts';
import { openDatabase } from '../packages/api/src/db/openDatabase.ts';
import { seedDemoData } from '../packages/api/src/seed/seedDatabase.ts';

export interface ScaleSeedOptions {
  databaseUrl: string;
  /** The ClickHouse server's HTTP URL, or a cluster's shards' in order (the first is the initiator). */
  clickhouseUrls: readonly string[];
  /** Where the DuckDB file the datasets are generated in lives. */
  dataDir: string;
  scale: number;
  progress(line: string): void;
}

export async function seedScaleAnalytics({
  databaseUrl,
  clickhouseUrls,
  dataDir,
  scale,
  progress,
}: ScaleSeedOptions): Promise<void> {
  const db = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const clickhouse = await ClickHouseEngine.connect({
    url: clickhouseUrls[0]!,
    shardUrls: clickhouseUrls,
    cacheEntries: 0,
  });
  try {
    await seedDemoData(db);
    // The organisations seedDemoAnalytics gives data (the internal one has none).
    const names = [DEMO_ORGANIZATIONS.acme.name, DEMO_ORGANIZATIONS.demo.name];
    const orgs = await db.query<{ id: number; name: string }>(
      'select id, name from organizations where name = any($1) order by id',
      [names],
    );
    const missing: typeof orgs = [];
    for (const org of orgs) if ((await clickhouse.dataVersion(org.id)) === NO_DATASET) missing.push(org);
    if (!missing.length) return;
    const started = performance.now();
    const duckdb = await DuckDBEngine.open({ path: join(dataDir, 'seed.duckdb'), cacheEntries: 0 });
    try {
      await seedDemoAnalytics(db, duckdb, scale, progress);
      progress(`analytics: copying ${missing.map((org) => org.name).join(' and ')} into ClickHouse…`);
      await duckdb.withConnection((connection) =>
        copyFromDuckDB(connection, clickhouse.shards, { orgIds: missing.map((org) => org.id) }),
      );
      progress(`analytics: ClickHouse seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await duckdb.close();
    }
  } finally {
    await clickhouse.close();
    await db.close();
  }
}
