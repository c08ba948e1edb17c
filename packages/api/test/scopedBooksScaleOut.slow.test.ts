// Scoped books (README "Scoped books", issue 45) on the scale-out topology: the portal's database on a
// PostgreSQL server and analytics on a ClickHouse cluster of two shards (the facts spread over both by
// merchant), with the datasets DuckDB generated copied in. The same walk as on PGlite and DuckDB
// (scopedBooksSuite.ts); the hand-written SQL reads DuckDB's copy of the same rows.
import { rm } from 'node:fs/promises';
import { copyFromDuckDB, type ClickHouseEngine } from '@payportal/analytics';
import { inject } from 'vitest';
import { createTestCluster } from '../../analytics/test/createTestCluster.ts';
import { findClickHouseServer } from '../../analytics/test/startClickHouse.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { newDataDir, openExportApp, openExportEngine } from './exportHelpers.ts';
import { SCOPED_BOOK_UIDS, scopedBooksSuite, TODAY } from './scopedBooksSuite.ts';
import { bearer } from './testApp.ts';
import { openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const SHARDS = 2;

scopedBooksSuite(
  `PostgreSQL and a ClickHouse cluster of ${SHARDS} shards`,
  async () => {
    const db = (await openTestDatabase('postgres'))!;
    const truth = await openExportEngine(db);
    const cluster = await createTestCluster(SHARDS);
    const orgIds = (
      await db.query<{ id: number }>(
        "select id from organizations where name in ('Acme Acquiring', 'Demo Payments') order by id",
      )
    ).map(({ id }) => id);
    await truth.withConnection((connection) => copyFromDuckDB(connection, cluster.shards, { orgIds }));
    // With an answer cache, as in production: the walk asks the same description in two scopes in turn.
    const engine: ClickHouseEngine = await cluster.connect({ cacheEntries: 100 });
    const dataDir = await newDataDir();
    const app = await openExportApp(db, engine, dataDir, {}, TODAY);
    const as: Record<string, Record<string, string>> = {};
    for (const uid of SCOPED_BOOK_UIDS) as[uid] = bearer(await idTokenFor(uid));
    return {
      db,
      app,
      as,
      engine,
      truth,
      close: async () => {
        await app.close();
        await cluster.stop();
        await truth.close();
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
  !inject('postgresUrl')
    ? POSTGRES_MISSING
    : !findClickHouseServer()
      ? 'clickhouse-server is not installed: the scale-out walk is skipped'
      : undefined,
);
