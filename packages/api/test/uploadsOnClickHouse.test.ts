// Uploads on the scale-out topology: PostgreSQL for the portal and a ClickHouse server for analytics
// (a private one for this file). The same flow as on DuckDB (uploads.test.ts): a tus upload in two
// parts, done with its counts and rejects (paged and as CSV), the good rows in the query API's totals, a new version
// replacing them, its roll back bringing the previous back, and delete taking the rest.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseEngine } from '@payportal/analytics';
import { queryResultSchema } from '@payportal/shared/analytics';
import { rejectsPageSchema, UPLOAD_PATHS } from '@payportal/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClickHouse, type RunningClickHouse } from '../../analytics/test/startClickHouse.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { openExportApp } from './exportHelpers.ts';
import { bearer } from './testApp.ts';
import { openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';
import {
  askOffset,
  createUpload,
  header,
  MERCHANTS,
  sendBytes,
  TRANSACTIONS,
  uploadFile,
  waitForUpload,
} from './uploadHelpers.ts';

describe('uploads on ClickHouse and PostgreSQL', () => {
  let server: RunningClickHouse | null = null;
  let engine: ClickHouseEngine | null = null;
  let db: Database | null = null;
  let app: FastifyInstance | null = null;
  let dataDir = '';
  const as: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    if (!db) return;
    server = await startClickHouse();
    engine = await ClickHouseEngine.connect({ url: server.url, cacheEntries: 0 });
    dataDir = await mkdtemp(join(tmpdir(), 'payportal-uploads-clickhouse-'));
    app = await openExportApp(db, engine, dataDir);
    for (const uid of ['seed-upload-admin', 'seed-uploader', 'seed-analyst']) as[uid] = bearer(await idTokenFor(uid));
  });
  afterAll(async () => {
    await app?.close();
    await engine?.close();
    await db?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const gsv = async () => {
    const response = await app!.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      headers: as['seed-analyst']!,
      payload: { measures: ['gsv', 'authorisations'], dimensions: ['merchant'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    return queryResultSchema.parse(response.json()).rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  };

  it('loads a tus upload sent in two parts, then a new version, rolls it back and deletes the rest', async (context) => {
    if (!app) return context.skip(POSTGRES_MISSING);
    const uploader = as['seed-uploader']!;
    const admin = as['seed-upload-admin']!;
    const merchants = await uploadFile(app, uploader, { kind: 'merchants', filename: 'merchants.csv' }, MERCHANTS);
    expect(await waitForUpload(app, uploader, merchants, ['done', 'failed'])).toMatchObject({
      status: 'done',
      rows_loaded: 2,
    });

    // two parts, the second sent from the offset the server reports
    const body = Buffer.from(TRANSACTIONS);
    const created = await createUpload(app, uploader, { kind: 'transactions', filename: 'sales.csv' }, body.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    expect((await sendBytes(app, uploader, location, 0, body.subarray(0, 100))).statusCode).toBe(204);
    const offset = Number((await askOffset(app, uploader, location)).headers['upload-offset']);
    expect(offset).toBe(100);
    expect((await sendBytes(app, uploader, location, offset, body.subarray(offset))).statusCode).toBe(204);
    const first = Number(location.split('/').pop());
    expect(await waitForUpload(app, uploader, first, ['done', 'failed'])).toMatchObject({
      status: 'done',
      rows_total: 5,
      rows_loaded: 3,
      rows_rejected: 2,
    });
    const rejects = rejectsPageSchema.parse(
      (await app.inject({ url: UPLOAD_PATHS.rejects(first), headers: uploader })).json(),
    );
    expect(rejects).toMatchObject({ total: 2, page: 1 });
    expect(rejects.rejects).toEqual([
      { line: 5, column: 'mid', value: 'UP-9', reason: 'is not a merchant of this organisation' },
      {
        line: 6,
        column: 'amount',
        value: '-5.00',
        reason: 'must be an amount above 0 with at most two decimals, such as 12.50',
      },
    ]);
    const csv = await app.inject({ url: UPLOAD_PATHS.rejectsCsv(first), headers: uploader });
    expect(csv.body).toBe(
      'line,column,value,reason\r\n5,mid,UP-9,is not a merchant of this organisation\r\n6,amount,\'-5.00,"must be an amount above 0 with at most two decimals, such as 12.50"\r\n',
    );
    const loaded = [
      ['UP-1', 30.5, 2],
      ['UP-2', 30.25, 1],
    ];
    expect(await gsv()).toEqual(loaded);

    const text = [header('transactions'), 'B1,UP-1,2026-10-05T10:00:00Z,100.00,USD,visa,debit,chip,approved,', ''];
    const second = await uploadFile(
      app,
      admin,
      { kind: 'transactions', mode: 'new_version', version_of: String(first) },
      text.join('\n'),
    );
    expect(await waitForUpload(app, admin, second, ['done', 'failed'])).toMatchObject({ status: 'done', version: 2 });
    expect(await gsv()).toEqual([['UP-1', 100, 1]]);

    const rolledBack = await app.inject({ method: 'POST', url: UPLOAD_PATHS.rollback(second), headers: admin });
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(await gsv()).toEqual(loaded);
    expect((await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(first), headers: admin })).statusCode).toBe(
      204,
    );
    expect(await gsv()).toEqual([]);
    // five engine jobs, each a scratch DuckDB and a few dozen ClickHouse statements: 3–5 s each on a busy 2-core machine
  }, 120_000);
});
