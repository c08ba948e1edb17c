// Receiving uploads end without their bytes: the creator cancels with tus termination (DELETE), an
// upload admin cancels from the API, and an idle one expires; each frees its slot, loses its partial
// file and is audited. A creation tus refuses leaves no record.
import { readdirSync } from 'node:fs';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { UPLOAD_PATHS } from '@payportal/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';
import { askOffset, createUpload, sendBytes, waitForUpload } from './uploadHelpers.ts';

/** Seconds a receiving upload may go without bytes in this test (UPLOAD_IDLE_MINUTES = a quarter minute). */
const IDLE_SECONDS = 15;

describe.each(DATABASE_KINDS)('ending receiving uploads on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  let db: Database | null = null;
  let app: FastifyInstance;
  let as: AnalyticsTestApp['as'] = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-uploader', 'seed-upload-admin'], undefined, {
      UPLOAD_IDLE_MINUTES: String(IDLE_SECONDS / 60),
    });
    if (!stack) return;
    ({ db, app, as } = stack);
  });
  afterAll(() => stack?.close());

  const start = async (headers: Record<string, string>) => {
    const created = await createUpload(app, headers, { kind: 'merchants' }, 100);
    expect(created.statusCode, created.body).toBe(201);
    return String(created.headers.location);
  };
  const idOf = (location: string) => Number(location.split('/').pop());

  it('[U2] a request tus refuses creates no record', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const [{ n: before }] = (await db.query<{ n: string }>('select count(*) as n from uploads')) as [{ n: string }];
    const refused = await app.inject({
      method: 'POST',
      url: UPLOAD_PATHS.tusFiles(),
      headers: {
        ...as['seed-uploader']!,
        'tus-resumable': '0.2.2',
        'upload-length': '10',
        'upload-metadata': `filename ${btoa('a.csv')},kind ${btoa('merchants')},mode ${btoa('append')}`,
      },
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.headers['tus-version']).toBe('1.0.0');
    const [{ n: after }] = (await db.query<{ n: string }>('select count(*) as n from uploads')) as [{ n: string }];
    expect(after).toBe(before);
  });

  it(
    '[U3][U5][U7][U19] three uploads without bytes: one cancelled by tus DELETE, one expired, one cancelled by an upload admin; then a new upload is 201',
    { timeout: 120_000 },
    async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const uploader = as['seed-uploader']!;
      const admin = as['seed-upload-admin']!;
      const [first, second, third] = [await start(uploader), await start(uploader), await start(uploader)];
      const full = await createUpload(app, uploader, { kind: 'merchants' }, 100);
      expect(full.statusCode).toBe(429);
      expect(full.json().error.code).toBe(API_ERROR_CODES.uploadsBusy);

      // the creator cancels with tus termination; the bytes are no longer taken
      const terminated = await app.inject({
        method: 'DELETE',
        url: first,
        headers: { ...uploader, 'tus-resumable': '1.0.0' },
      });
      expect(terminated.statusCode, terminated.body).toBe(204);
      expect(terminated.headers['tus-resumable']).toBe('1.0.0');
      expect((await sendBytes(app, uploader, first, 0, Buffer.from('mid'))).json().error.message).toBe(
        'This upload was cancelled: start a new one.',
      );

      // the second receives some bytes now and then nothing: it expires; the third is cancelled by an upload admin
      expect((await sendBytes(app, uploader, second, 0, Buffer.from('mid,legal'))).statusCode).toBe(204);
      const cancelled = await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(idOf(third)), headers: admin });
      expect(cancelled.statusCode, cancelled.body).toBe(204);
      expect(await waitForUpload(app, admin, idOf(third), ['cancelled'])).toMatchObject({ status: 'cancelled' });

      await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS + 1) * 1000));
      const next = await createUpload(app, uploader, { kind: 'merchants' }, 100);
      expect(next.statusCode, next.body).toBe(201);
      expect(await waitForUpload(app, uploader, idOf(second), ['expired'])).toMatchObject({ status: 'expired' });
      expect((await askOffset(app, uploader, second)).statusCode).not.toBe(200);
      // the partial file is gone
      expect(
        readdirSync(stack!.dataDir, { recursive: true })
          .map(String)
          .filter((path) => path.endsWith(`/${idOf(second)}.csv`)),
      ).toEqual([]);

      const audit = await db.query<{ upload_id: number; event: string; user_id: number }>(
        "select upload_id, event from upload_audit where event in ('cancel', 'expire') order by id",
      );
      expect(audit.map((row) => [row.upload_id, row.event])).toEqual([
        [idOf(first), 'cancel'],
        [idOf(third), 'cancel'],
        [idOf(second), 'expire'],
      ]);
    },
  );
});
