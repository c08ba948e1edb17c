// A new version names the upload it replaces and supersedes only that upload's series: one person's
// new version leaves another person's upload of the same kind untouched, a roll back stays within the
// series, and a series of another kind, another organisation or (for the upload role) another person
// is refused with a reason.
import { queryResultSchema } from '@payportal/shared/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { rejectsPageSchema, uploadListSchema, UPLOAD_PATHS } from '@payportal/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { createMember } from './orgMembers.ts';
import { bearer } from './testApp.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';
import { createUpload, header, MERCHANTS, uploadFile, waitForUpload } from './uploadHelpers.ts';

const sales = (ref: string, mid: string, amount: string) =>
  `${ref},${mid},2026-10-05T10:00:00Z,${amount},USD,visa,debit,chip,approved,`;
const file = (...rows: string[]) => [header('transactions'), ...rows, ''].join('\n');

describe.each(DATABASE_KINDS)('upload versions on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  let db: Database | null = null;
  let app: FastifyInstance;
  let as: AnalyticsTestApp['as'] = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-analyst', 'seed-upload-admin', 'seed-uploader']);
    if (!stack) return;
    ({ db, app, as } = stack);
  });
  afterAll(() => stack?.close());

  const gsv = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      headers: as['seed-analyst']!,
      payload: {
        measures: ['gsv'],
        dimensions: ['merchant'],
        filters: [{ member: 'merchant', operator: 'in', values: ['UP-1', 'UP-2'] }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries(
      queryResultSchema.parse(response.json()).rows.map((row) => [String(row[0]), Number(row[1])]),
    );
  };
  const loaded = async (headers: Record<string, string>, id: number) =>
    expect(await waitForUpload(app, headers, id, ['done', 'failed', 'rejected'])).toMatchObject({ status: 'done' });
  const refusal = async (headers: Record<string, string>, meta: Parameters<typeof createUpload>[2]) => {
    const answer = await createUpload(app, headers, meta, 100);
    return { status: answer.statusCode, code: answer.json().error?.code, message: answer.json().error?.message };
  };

  it(
    '[U13][U15][U16] one person’s new version supersedes only their series: another person’s upload of the kind keeps its rows; a roll back stays in the series and frees the rolled-back upload’s tx_refs',
    { timeout: 90_000 },
    async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const uploader = as['seed-uploader']!;
      const admin = as['seed-upload-admin']!;
      await loaded(
        uploader,
        await uploadFile(app, uploader, { kind: 'merchants', filename: 'merchants.csv' }, MERCHANTS),
      );
      const mine = await uploadFile(
        app,
        uploader,
        { kind: 'transactions', filename: 'uma.csv' },
        file(sales('V1', 'UP-1', '10.00')),
      );
      await loaded(uploader, mine);
      const theirs = await uploadFile(
        app,
        admin,
        { kind: 'transactions', filename: 'ada.csv' },
        file(sales('W1', 'UP-2', '7.00')),
      );
      await loaded(admin, theirs);
      // an identical earlier upload of the same file in another series is not touched either
      const again = await uploadFile(
        app,
        admin,
        { kind: 'transactions', filename: 'ada-copy.csv' },
        file(sales('W2', 'UP-2', '3.00')),
      );
      await loaded(admin, again);
      expect(await gsv()).toEqual({ 'UP-1': 10, 'UP-2': 10 });

      const second = await uploadFile(
        app,
        uploader,
        { kind: 'transactions', filename: 'uma.csv', mode: 'new_version', version_of: String(mine) },
        file(sales('V2', 'UP-1', '25.00')),
      );
      const done = await waitForUpload(app, uploader, second, ['done', 'failed']);
      expect(done).toMatchObject({ status: 'done', version: 2, series_id: mine, can_roll_back: false });
      expect(await gsv()).toEqual({ 'UP-1': 25, 'UP-2': 10 });
      const history = uploadListSchema.parse(
        (await app.inject({ url: `${UPLOAD_PATHS.uploads()}?kind=transactions`, headers: admin })).json(),
      );
      expect(
        history.uploads.map((upload) => [upload.file_name, upload.status, upload.series_id, upload.version]),
      ).toEqual([
        ['uma.csv', 'done', mine, 2],
        ['ada-copy.csv', 'done', again, 1],
        ['ada.csv', 'done', theirs, 1],
        ['uma.csv', 'superseded', mine, 1],
      ]);

      // the admin versions the uploader's series a third time (naming its first upload): version 3, same series
      const third = await uploadFile(
        app,
        admin,
        { kind: 'transactions', mode: 'new_version', version_of: String(mine) },
        file(sales('V3', 'UP-1', '40.00')),
      );
      expect(await waitForUpload(app, admin, third, ['done', 'failed'])).toMatchObject({
        status: 'done',
        version: 3,
        series_id: mine,
        can_roll_back: true,
      });
      expect(await gsv()).toEqual({ 'UP-1': 40, 'UP-2': 10 });
      const rolledBack = await app.inject({ method: 'POST', url: UPLOAD_PATHS.rollback(third), headers: admin });
      expect(rolledBack.statusCode, rolledBack.body).toBe(200);
      expect(await gsv()).toEqual({ 'UP-1': 25, 'UP-2': 10 });
      // the roll back freed version 3's tx_ref and brought back version 2's: V3 loads again, V2 is already loaded
      const resent = await uploadFile(
        app,
        uploader,
        { kind: 'transactions', filename: 'again.csv' },
        file(sales('V3', 'UP-1', '40.00'), sales('V2', 'UP-1', '25.00')),
      );
      expect(await waitForUpload(app, uploader, resent, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_loaded: 1,
        rows_rejected: 1,
      });
      const rejects = rejectsPageSchema.parse(
        (await app.inject({ url: UPLOAD_PATHS.rejects(resent), headers: uploader })).json(),
      );
      expect(rejects.rejects.map((row) => `${row.line}: ${row.reason}`)).toEqual([
        `3: is already loaded by upload ${second} (uma.csv, ${done.created_at.slice(0, 10)})`,
      ]);
      expect(await gsv()).toEqual({ 'UP-1': 65, 'UP-2': 10 });
      const audit = await db.query<{ detail: string }>(
        "select detail from upload_audit where upload_id = $1 and event = 'new_version'",
        [third],
      );
      expect(audit.map((row) => row.detail)).toEqual([`transactions: file.csv (version 3 of series ${mine})`]);
    },
  );

  it(
    '[U15] refuses a new version naming no upload, an upload of another kind, another organisation’s, or (for the upload role) another person’s series',
    { timeout: 60_000 },
    async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const uploader = as['seed-uploader']!;
      const admin = as['seed-upload-admin']!;
      const list = uploadListSchema.parse(
        (await app.inject({ url: `${UPLOAD_PATHS.uploads()}?status=done`, headers: admin })).json(),
      ).uploads;
      const merchants = list.find((upload) => upload.kind === 'merchants')!;
      const adas = list.find((upload) => upload.file_name === 'ada.csv')!;
      const umas = list.find((upload) => upload.file_name === 'uma.csv')!;

      expect(await refusal(uploader, { kind: 'transactions', mode: 'new_version' })).toMatchObject({
        status: 400,
        code: API_ERROR_CODES.badRequest,
      });
      expect(
        await refusal(uploader, { kind: 'transactions', mode: 'new_version', version_of: String(merchants.id) }),
      ).toEqual({
        status: 400,
        code: API_ERROR_CODES.badRequest,
        message: `Upload ${merchants.id} holds merchants, not transactions: a new version replaces an upload of its own kind.`,
      });
      // the upload role neither sees nor versions another person's upload
      expect(
        await refusal(uploader, { kind: 'transactions', mode: 'new_version', version_of: String(adas.id) }),
      ).toEqual({
        status: 400,
        code: API_ERROR_CODES.badRequest,
        message: `Upload ${adas.id}, which this new version would replace, does not exist or is not yours: choose one of your uploads.`,
      });
      // nor a series of theirs whose loaded version another person sent
      const adminsVersion = await uploadFile(
        app,
        admin,
        { kind: 'transactions', mode: 'new_version', version_of: String(umas.id) },
        file(sales('V4', 'UP-1', '1.00')),
      );
      await loaded(admin, adminsVersion);
      expect(
        await refusal(uploader, { kind: 'transactions', mode: 'new_version', version_of: String(umas.id) }),
      ).toMatchObject({ status: 403, code: API_ERROR_CODES.forbidden });
      // another organisation's uploader: the upload reads as not there at all
      const [demo] = (await db.query<{ id: number }>(
        "select org_id as id from users where firebase_uid = 'seed-demo'",
      )) as [{ id: number }];
      // one identity per database: writing it again would revoke the other run's token
      await createMember(db, {
        uid: `versions-uploader-${kind}`,
        email: `versions-uploader-${kind}@demo-payments.example`,
        name: 'Vera Versions',
        orgId: demo.id,
        roles: ['upload', 'upload_admin'],
        phone: '+16505550178',
      });
      const outsider = bearer(await idTokenFor(`versions-uploader-${kind}`));
      expect(
        await refusal(outsider, { kind: 'transactions', mode: 'new_version', version_of: String(umas.id) }),
      ).toMatchObject({ status: 400, message: expect.stringContaining('does not exist or is not yours') });
      // a series with nothing loaded has nothing to replace
      expect(
        (await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(adas.id), headers: admin })).statusCode,
      ).toBe(204);
      expect(
        await refusal(admin, { kind: 'transactions', mode: 'new_version', version_of: String(adas.id) }),
      ).toMatchObject({ status: 409, code: API_ERROR_CODES.conflict });
      // none of these left a record
      const [{ n }] = (await db.query<{ n: string }>(
        "select count(*) as n from uploads where status = 'receiving'",
      )) as [{ n: string }];
      expect(Number(n)).toBe(0);
    },
  );
});
