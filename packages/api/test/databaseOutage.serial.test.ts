// A database that is down or too slow answers 503 api/database-unavailable, the process
// stays up, and it answers again once the database is back. Uses a PostgreSQL server of its own,
// because this test stops it.
import { API_PATHS } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { guardDatabase } from '../src/db/guardDatabase.ts';
import { openDatabase } from '../src/db/openDatabase.ts';
import { seedDemoData } from '../src/seed/seedDatabase.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { startPostgres, type RunningPostgres } from './startPostgres.ts';
import { bearer, createTestApp } from './testApp.ts';
import { POSTGRES_MISSING } from './testDatabase.ts';

describe('PostgreSQL server going away and coming back', () => {
  let server: RunningPostgres | null;
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    server = await startPostgres();
    if (!server) return;
    db = await openDatabase({ DATABASE_URL: server.url, DATA_DIR: '/nonexistent' });
    await seedDemoData(db);
    // No user cache: every read must reach the database for this test to mean anything.
    app = await createTestApp(db, { DATABASE_TIMEOUT_MS: '2000', USER_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    server?.stop();
  });

  it('answers 503 api/database-unavailable while the server is down and 200 once it is back', async (context) => {
    if (!server) return context.skip(POSTGRES_MISSING);
    const request = async () =>
      app.inject({
        method: 'GET',
        url: `${API_PATHS.users}?email=analyst@acme.example`,
        headers: bearer(await idTokenFor('seed-analyst')),
      });
    expect((await request()).statusCode).toBe(200);

    server.pgCtl('stop');
    const down = await request();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: {
        code: 'api/database-unavailable',
        message: 'The portal database is not available. Try again in a moment.',
      },
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);

    server.pgCtl('start');
    expect((await request()).statusCode).toBe(200);
  });

  // Only on the server: PGlite runs in this thread, so a slow statement there blocks every timer too.
  it('fails a query that does not answer in time as unavailable instead of hanging', async (context) => {
    if (!server) return context.skip(POSTGRES_MISSING);
    const started = Date.now();
    await expect(guardDatabase(db, 100).query('select pg_sleep(1)')).rejects.toMatchObject({
      statusCode: 503,
      code: 'api/database-unavailable',
    });
    expect(Date.now() - started).toBeLessThan(900);
  });
});
