// Data uploads through the API: the tus endpoint (create, resume from the offset after a
// dropped connection), validation and load with phases and counts, rejected rows paged and as CSV, the
// good rows in the query API's totals, new version and rollback removing exactly those rows, delete,
// the size cap, the organisation's concurrent allowance, the duplicate warning, a refused file's reason,
// another organisation's 404, who sees what, impersonation, and the audit.
import { createHash } from 'node:crypto';
import { queryResultSchema } from '@payportal/shared/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { rejectsPageSchema, UPLOAD_PATHS, uploadListSchema } from '@payportal/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { SECURITY_HEADERS } from '../src/web/securityHeaders.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { impersonationHeaders } from './impersonation.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';
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

const gsvOf = async (app: FastifyInstance, headers: Record<string, string>, mids = ['UP-1', 'UP-2']) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/analytics/v1/query',
    headers,
    payload: {
      measures: ['gsv', 'authorisations'],
      dimensions: ['merchant'],
      filters: [{ member: 'merchant', operator: 'in', values: mids }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return queryResultSchema.parse(response.json()).rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
};

describe.each(DATABASE_KINDS)('uploads on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  let db: Database | null = null;
  let app: FastifyInstance;
  let as: AnalyticsTestApp['as'] = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, [
      'seed-owner',
      'seed-analyst',
      'seed-upload-admin',
      'seed-uploader',
      'seed-demo',
    ]);
    if (!stack) return;
    ({ db, app, as } = stack);
  });
  afterAll(() => stack?.close());

  it('[U4][U11][U14][U19][U20] loads merchants, then transactions sent in two parts after a dropped connection: phases, counts, every bad row with its line, totals in the query API', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const uploader = as['seed-uploader']!;
    const merchants = await uploadFile(app, uploader, { kind: 'merchants', filename: 'merchants.csv' }, MERCHANTS);
    expect(await waitForUpload(app, uploader, merchants, ['done', 'failed'])).toMatchObject({
      status: 'done',
      rows_total: 2,
      rows_loaded: 2,
      rows_rejected: 0,
      kind: 'merchants',
      version: 1,
    });

    const body = Buffer.from(TRANSACTIONS);
    const created = await createUpload(app, uploader, { kind: 'transactions', filename: 'sales.csv' }, body.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/v1\/files\/\d+$/);
    const id = Number(location.split('/').pop());
    const firstPart = await sendBytes(app, uploader, location, 0, body.subarray(0, 100));
    expect(firstPart.statusCode).toBe(204);
    // the connection drops; the client asks where to go on and sends the rest from there
    const offset = await askOffset(app, uploader, location);
    expect(offset.headers['upload-offset']).toBe('100');
    // tus's answers carry the security headers every other answer does
    for (const answer of [created, firstPart, offset]) expect(answer.headers).toMatchObject(SECURITY_HEADERS);
    expect((await app.inject({ url: UPLOAD_PATHS.upload(id), headers: uploader })).json()).toMatchObject({
      status: 'receiving',
      received_bytes: 100,
      bytes: body.length,
    });
    expect((await sendBytes(app, uploader, location, 100, body.subarray(100))).statusCode).toBe(204);
    const done = await waitForUpload(app, uploader, id, ['done', 'failed']);
    expect(done).toMatchObject({
      status: 'done',
      rows_total: 5,
      rows_loaded: 3,
      rows_rejected: 2,
      file_name: 'sales.csv',
      uploaded_by: { name: 'Uma Uploader' },
      duplicate_of: null,
    });
    // hashed as the two parts arrived (uploads/receivedHashes.ts): the file's own digest
    expect(done.sha256).toBe(createHash('sha256').update(body).digest('hex'));

    const rejects = rejectsPageSchema.parse(
      (await app.inject({ url: UPLOAD_PATHS.rejects(id), headers: uploader })).json(),
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
    const csv = await app.inject({ url: UPLOAD_PATHS.rejectsCsv(id), headers: uploader });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(
      'line,column,value,reason\r\n5,mid,UP-9,is not a merchant of this organisation\r\n6,amount,\'-5.00,"must be an amount above 0 with at most two decimals, such as 12.50"\r\n',
    );
    expect(await gsvOf(app, as['seed-analyst']!)).toEqual([
      ['UP-1', 30.5, 2],
      ['UP-2', 30.25, 1],
    ]);
    const audit = await db.query<{ event: string }>('select event from upload_audit where upload_id = $1 order by id', [
      id,
    ]);
    expect(audit.map((row) => row.event)).toEqual(['upload', 'loaded']);
  });

  it('[U1][U15][U16][U19] a new version replaces the rows; roll back brings the previous back and removes exactly the new one’s; delete removes the rest', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const admin = as['seed-upload-admin']!;
    const analyst = as['seed-analyst']!;
    const before = await gsvOf(app, analyst);
    const text = [header('transactions'), 'B1,UP-1,2026-10-05T10:00:00Z,100.00,USD,visa,debit,chip,approved,', ''].join(
      '\n',
    );
    const [first] = uploadListSchema.parse(
      (await app.inject({ url: `${UPLOAD_PATHS.uploads()}?kind=transactions&status=done`, headers: admin })).json(),
    ).uploads;
    const second = await uploadFile(
      app,
      admin,
      { kind: 'transactions', mode: 'new_version', version_of: String(first!.id) },
      text,
    );
    expect(await waitForUpload(app, admin, second, ['done', 'failed'])).toMatchObject({
      status: 'done',
      version: 2,
      can_roll_back: true,
    });
    expect(await gsvOf(app, analyst)).toEqual([['UP-1', 100, 1]]);
    // the uploader may not roll back or delete
    expect(
      (await app.inject({ method: 'POST', url: UPLOAD_PATHS.rollback(second), headers: as['seed-uploader']! }))
        .statusCode,
    ).toBe(403);
    const rolledBack = await app.inject({ method: 'POST', url: UPLOAD_PATHS.rollback(second), headers: admin });
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(rolledBack.json()).toMatchObject({ status: 'rolled_back' });
    expect(await gsvOf(app, analyst)).toEqual(before);
    const history = uploadListSchema.parse(
      (await app.inject({ url: `${UPLOAD_PATHS.uploads()}?kind=transactions`, headers: admin })).json(),
    );
    const previous = history.uploads.find((upload) => upload.status === 'done')!;
    expect(
      (await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(previous.id), headers: admin })).statusCode,
    ).toBe(204);
    expect(await gsvOf(app, analyst)).toEqual([]);
    const events = await db.query<{ event: string }>(
      "select event from upload_audit where event in ('new_version', 'rollback', 'delete') order by id",
    );
    expect(events.map((row) => row.event)).toEqual(['new_version', 'rollback', 'delete']);
  });

  it('[U15][U16] a new version of the merchants file keeps each mid’s merchant: other uploads’ sales stay with it, a dropped mid’s id goes to no one, and a roll back brings both back', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const admin = as['seed-upload-admin']!;
    const analyst = as['seed-analyst']!;
    const sales = [
      header('transactions'),
      'C1,UP-1,2026-10-06T10:00:00Z,40.00,USD,visa,debit,chip,approved,',
      'C2,UP-2,2026-10-06T11:00:00Z,2.00,USD,visa,credit,chip,approved,',
      '',
    ].join('\n');
    const salesUpload = await uploadFile(app, admin, { kind: 'transactions' }, sales);
    expect(await waitForUpload(app, admin, salesUpload, ['done', 'failed'])).toMatchObject({
      status: 'done',
      rows_loaded: 2,
    });
    const both = [
      ['UP-1', 40, 1],
      ['UP-2', 2, 1],
    ];
    expect(await gsvOf(app, analyst)).toEqual(both);

    // UP-1 renamed, UP-2 dropped, UP-3 new
    const merchants = [
      header('merchants'),
      'UP-1,One LLC,One Cafe & Bar,5812,CA,2025-01-15,processing',
      'UP-3,Three Co,Three Fuel,5541,NY,2025-03-01,processing',
      '',
    ].join('\n');
    const [first] = uploadListSchema.parse(
      (await app.inject({ url: `${UPLOAD_PATHS.uploads()}?kind=merchants&status=done`, headers: admin })).json(),
    ).uploads;
    const second = await uploadFile(
      app,
      admin,
      { kind: 'merchants', mode: 'new_version', version_of: String(first!.id) },
      merchants,
    );
    expect(await waitForUpload(app, admin, second, ['done', 'failed'])).toMatchObject({
      status: 'done',
      rows_loaded: 2,
    });
    expect(await gsvOf(app, analyst, ['UP-1', 'UP-2', 'UP-3'])).toEqual([['UP-1', 40, 1]]);

    const rolledBack = await app.inject({ method: 'POST', url: UPLOAD_PATHS.rollback(second), headers: admin });
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(await gsvOf(app, analyst, ['UP-1', 'UP-2', 'UP-3'])).toEqual(both);
  });

  it('[U1][U20] the uploader sees their own, upload_admin the organisation’s; another organisation gets 404; support reads but sends only with support_write', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const mine = uploadListSchema.parse(
      (await app.inject({ url: UPLOAD_PATHS.uploads(), headers: as['seed-uploader']! })).json(),
    );
    const all = uploadListSchema.parse(
      (await app.inject({ url: UPLOAD_PATHS.uploads(), headers: as['seed-upload-admin']! })).json(),
    );
    expect(mine.uploads.every((upload) => upload.uploaded_by.name === 'Uma Uploader')).toBe(true);
    expect(all.total).toBeGreaterThan(mine.total);
    expect(all.people.map((person) => person.name)).toEqual(['Ada Upload-Admin', 'Uma Uploader']);
    const theirs = all.uploads.find((upload) => upload.uploaded_by.name === 'Ada Upload-Admin')!;
    expect((await app.inject({ url: UPLOAD_PATHS.upload(theirs.id), headers: as['seed-uploader']! })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: UPLOAD_PATHS.upload(theirs.id), headers: as['seed-demo']! })).statusCode).toBe(404);
    expect((await app.inject({ url: UPLOAD_PATHS.rejects(theirs.id), headers: as['seed-demo']! })).statusCode).toBe(
      404,
    );
    expect((await askOffset(app, as['seed-demo']!, `${UPLOAD_PATHS.tusFiles()}${theirs.id}`)).statusCode).toBe(404);
    const readOnly = await impersonationHeaders(app, 'seed-support', 'uploader@acme.example');
    expect((await app.inject({ url: UPLOAD_PATHS.uploads(), headers: readOnly })).statusCode).toBe(200);
    const refused = await createUpload(app, readOnly, { kind: 'merchants' }, 10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(API_ERROR_CODES.impersonationReadOnly);
    const writer = await impersonationHeaders(app, 'seed-support-lead', 'uploader@acme.example');
    expect((await createUpload(app, writer, { kind: 'merchants' }, 10)).statusCode).toBe(201);
  });

  it('[U2][U3][U8][U14] refuses a file over the cap, past the concurrent allowance, with bad metadata; warns of a duplicate; fails a UTF-16 or semicolon file with its reason', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const uploader = as['seed-uploader']!;
    const tooLarge = await createUpload(app, uploader, { kind: 'merchants' }, 3 * 1024 ** 3);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('The file is larger than 2 GB, the most one upload may be.');
    const badKind = await createUpload(app, uploader, { kind: 'refunds' as 'merchants' }, 10);
    expect(badKind.statusCode).toBe(400);
    const duplicate = await uploadFile(app, uploader, { kind: 'merchants' }, MERCHANTS);
    const warned = await waitForUpload(app, uploader, duplicate, ['done', 'failed']);
    expect(warned.duplicate_of).toBeGreaterThan(0);
    const utf16 = await uploadFile(app, uploader, { kind: 'merchants' }, Buffer.from(`\uFEFF${MERCHANTS}`, 'utf16le'));
    expect(await waitForUpload(app, uploader, utf16, ['done', 'failed'])).toMatchObject({
      status: 'failed',
      rows_loaded: 0,
      failure: 'The file is UTF-16 encoded: save it as UTF-8 (CSV UTF-8) and choose it again.',
    });
    const semicolons = await uploadFile(app, uploader, { kind: 'merchants' }, MERCHANTS.replaceAll(',', ';'));
    expect(await waitForUpload(app, uploader, semicolons, ['done', 'failed'])).toMatchObject({
      status: 'failed',
      failure: 'The columns are separated by semicolons: the file must be comma-separated.',
    });
    // three receiving uploads (one left by the support test) fill the allowance of 3
    await createUpload(app, uploader, { kind: 'merchants' }, 10);
    await createUpload(app, uploader, { kind: 'merchants' }, 10);
    const busy = await createUpload(app, uploader, { kind: 'merchants' }, 10);
    expect(busy.statusCode).toBe(429);
    expect(busy.json().error.code).toBe(API_ERROR_CODES.uploadsBusy);
  });
});
