// Scoped books (README "Scoped books") on the scale-out topology: the portal's database on a
// PostgreSQL server and analytics on a private ClickHouse server, with Acme's dataset DuckDB generated
// copied in. The same walk as on PGlite and DuckDB (scopedBooksSuite.ts); the hand-written SQL reads
// DuckDB's copy of the same rows. One server, not a cluster: the sharded engine answers the compiled
// questions as one server does (the cross-engine suite on two shards, crossEngineCluster.slow.test.ts).
import { rm } from 'node:fs/promises';
import { ClickHouseEngine, copyFromDuckDB } from '@payportal/analytics';
import { createClickHouseClient } from '../../analytics/src/clickhouse/createClickHouseClient.ts';
import { inject } from 'vitest';
import { findClickHouseServer, startClickHouse } from '../../analytics/test/startClickHouse.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { newDataDir, openExportApp, openExportEngine } from './exportHelpers.ts';
import { SCOPED_BOOK_UIDS, scopedBooksSuite, TODAY } from './scopedBooksSuite.ts';
import { bearer } from './testApp.ts';
import { openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

scopedBooksSuite(
  'PostgreSQL and ClickHouse',
  async () => {
    const db = (await openTestDatabase('postgres'))!;
    const truth = await openExportEngine(db);
    const server = await startClickHouse();
    const client = createClickHouseClient({ url: server.url });
    const orgIds = (await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'")).map(
      ({ id }) => id,
    );
    await truth.withConnection((connection) => copyFromDuckDB(connection, client, { orgIds }));
    await client.close();
    // With an answer cache, as in production: the walk asks the same description in two scopes in turn.
    const engine = await ClickHouseEngine.connect({ url: server.url, cacheEntries: 100 });
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
        await engine.close();
        await server.stop();
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
