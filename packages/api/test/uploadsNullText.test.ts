// Values that look like NULL are text: a merchant whose MID is literally \N or NULL, and a
// sale whose tx_ref is \N, upload and read back as that text on DuckDB and on ClickHouse. On ClickHouse
// the upload's scratch DuckDB reads the organisation's uploaded rows as ClickHouse's CSV, where a quoted
// "\N" once became NULL: the next upload of the organisation then failed, and a tx_ref of \N could load
// twice (packages/analytics/CLICKHOUSE.md "Uploads").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseEngine } from '@payportal/analytics';
import { queryResultSchema } from '@payportal/shared/analytics';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClickHouse, type RunningClickHouse } from '../../analytics/test/startClickHouse.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { openAnalyticsTestApp, openExportApp } from './exportHelpers.ts';
import { bearer } from './testApp.ts';
import { openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';
import { header, MERCHANTS, uploadFile, waitForUpload } from './uploadHelpers.ts';

const LOOKALIKES = [
  header('merchants'),
  '\\N,Backslash LLC,Backslash Cafe,5812,CA,2025-01-15,processing',
  'NULL,Null Inc,Null Fuel,5541,TX,2025-02-01,processing',
  '',
].join('\n');
const SALE = [header('transactions'), '\\N,\\N,2026-10-01T12:00:00Z,10.00,USD,visa,credit,chip,approved,', ''].join(
  '\n',
);

interface Stack {
  app: FastifyInstance;
  as: Record<string, Record<string, string>>;
  close(): Promise<void>;
}

async function uploadsLookalikes({ app, as }: Stack): Promise<void> {
  const uploader = as['seed-uploader']!;
  const upload = async (kind: 'merchants' | 'transactions', text: string) =>
    waitForUpload(app, uploader, await uploadFile(app, uploader, { kind, filename: `${kind}.csv` }, text), [
      'done',
      'failed',
    ]);
  expect(await upload('merchants', LOOKALIKES)).toMatchObject({ status: 'done', rows_loaded: 2 });
  expect(await upload('transactions', SALE)).toMatchObject({ status: 'done', rows_loaded: 1 });
  // The same tx_ref again: already loaded, so refused, not loaded twice.
  expect(await upload('transactions', SALE)).toMatchObject({ status: 'done', rows_loaded: 0, rows_rejected: 1 });
  // An ordinary upload after them still loads (on ClickHouse it failed, "0 loaded").
  expect(await upload('merchants', MERCHANTS)).toMatchObject({ status: 'done', rows_loaded: 2 });

  const response = await app.inject({
    method: 'POST',
    url: '/api/analytics/v1/query',
    headers: as['seed-analyst']!,
    payload: {
      measures: ['gsv', 'authorisations'],
      dimensions: ['merchant'],
      filters: [{ member: 'merchant', operator: 'in', values: ['\\N', 'NULL'] }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(queryResultSchema.parse(response.json()).rows).toEqual([['\\N', 10, 1]]);
}

describe('look-alikes of NULL on DuckDB', () => {
  let stack: Stack | null = null;
  beforeAll(async () => {
    stack = await openAnalyticsTestApp('pglite', ['seed-uploader', 'seed-analyst']);
  });
  afterAll(() => stack?.close());

  it('uploads \\N and NULL as text and loads a tx_ref of \\N once', { timeout: 120_000 }, async () => {
    await uploadsLookalikes(stack!);
  });
});

describe('look-alikes of NULL on ClickHouse', () => {
  let stack: Stack | null = null;
  beforeAll(async () => {
    const db = await openTestDatabase('postgres');
    if (!db) return;
    const server: RunningClickHouse = await startClickHouse();
    const engine = await ClickHouseEngine.connect({ url: server.url, cacheEntries: 0 });
    const dataDir = await mkdtemp(join(tmpdir(), 'payportal-null-text-'));
    const app = await openExportApp(db, engine, dataDir);
    const as: Stack['as'] = {};
    for (const uid of ['seed-uploader', 'seed-analyst']) as[uid] = bearer(await idTokenFor(uid));
    stack = {
      app,
      as,
      close: async () => {
        await app.close();
        await engine.close();
        await db.close();
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(() => stack?.close());

  it('uploads \\N and NULL as text and loads a tx_ref of \\N once', { timeout: 180_000 }, async (context) => {
    if (!stack) return context.skip(POSTGRES_MISSING);
    await uploadsLookalikes(stack);
  });
});
