// Documents: last month's statement and extract made at start; shared PDFs uploaded by org
// owners and upload admins, checked by their bytes, capped, hashed; the list searched, filtered and
// paged; downloads through single-use tickets with a safe name; everything audited; another
// organisation's documents answer 404; impersonating support staff read but do not write.
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { dimensionValueLabel, queryResultSchema, type QueryCell } from '@payportal/shared/analytics';
import { DOCUMENT_MAX_BYTES, DOCUMENT_PATHS, documentSchema } from '@payportal/shared/documents';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { downloadTicketSchema } from '@payportal/shared/exports';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { merchantExtractQuery } from '../src/documents/statementQueries.ts';
import { listOf, SMALL_PDF, upload, uploaded, uploadUrl, waitForGenerated } from './documentHelpers.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { impersonationHeaders } from './impersonation.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

const NOTICE = { title: 'Visa fee changes April 2027', type: 'scheme_notice', period: '2026-10' };

describe.each(DATABASE_KINDS)('documents on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  let db: Database | null = null;
  let app: FastifyInstance;
  let dataDir: string;
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
    ({ db, app, dataDir, as } = stack);
    // Last month's documents are made after the server is ready: every test starts once they are there.
    await waitForGenerated(app, as['seed-owner']!, 2);
    await waitForGenerated(app, as['seed-demo']!, 2);
  });
  afterAll(() => stack?.close());

  const audit = async (documentId: number) =>
    (
      await db!.query<{ event: string; user_id: number | null }>(
        'select event, user_id from document_audit where document_id = $1 order by id',
        [documentId],
      )
    ).map((row) => row.event);
  const ticketFor = async (headers: Record<string, string>, id: number) =>
    app.inject({ method: 'POST', url: DOCUMENT_PATHS.downloadTicket(id), headers });

  it('makes last full month’s statement and merchant master extract for each organisation with data at start', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    // today is 2026-11-23 (openExportApp): the last full month is October.
    const generated = (await listOf(app, as['seed-analyst']!)).documents.filter((document) => document.generated);
    expect(
      generated
        .map(({ type, period, title, content_type, created_by }) => ({ type, period, title, content_type, created_by }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    ).toEqual([
      {
        type: 'merchant_extract',
        period: '2026-10',
        title: 'Merchant master extract October 2026',
        content_type: 'text/csv',
        created_by: null,
      },
      {
        type: 'statement',
        period: '2026-10',
        title: 'Portfolio statement October 2026',
        content_type: 'application/pdf',
        created_by: null,
      },
    ]);
    expect((await listOf(app, as['seed-demo']!)).documents.filter((document) => document.generated)).toHaveLength(2);
    const extract = generated.find((document) => document.type === 'merchant_extract')!;
    const ticket = downloadTicketSchema.parse((await ticketFor(as['seed-analyst']!, extract.id)).json());
    const file = await app.inject({ url: ticket.url });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="merchant-master-2026-10.csv"; filename*=UTF-8\'\'merchant-master-2026-10.csv',
    );
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Merchant ID (MID),Merchant,Industry group,Industry (MCC),State,Pricing plan type,Merchant size tier,Risk tier,Transactions,Gross sales volume,Net revenue,Chargebacks',
    );
    expect(lines.length).toBeGreaterThan(10);
    // Every row and figure is the query API's answer to the same question for the month, in its order.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      headers: as['seed-analyst']!,
      payload: merchantExtractQuery('2026-10'),
    });
    const queried = queryResultSchema.parse(asked.json());
    expect(queried.truncated).toBe(false);
    const records = parse(file.body, { bom: true, from_line: 2 }) as string[][];
    // …with the fixed vocabularies (industry, plan type, size and risk tiers) in words, as the screens show them
    const cellText = (cell: QueryCell, index: number) =>
      cell === null ? '' : (dimensionValueLabel(queried.columns[index]!.name, String(cell)) ?? String(cell));
    expect(records).toEqual(queried.rows.map((row) => row.map(cellText)));
    expect(records.map((record) => record[7])).toContain('Low');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(extract.sha256);
    expect(await audit(extract.id)).toEqual(['generate', 'download']);
  });

  it('takes a PDF from an org owner or upload admin, checked by its bytes, and a colleague finds it by search and downloads it once', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const notice = await uploaded(app, as['seed-owner']!, NOTICE);
    expect(notice).toMatchObject({
      ...NOTICE,
      generated: false,
      bytes: SMALL_PDF.length,
      sha256: createHash('sha256').update(SMALL_PDF).digest('hex'),
      created_by: { name: 'Olivia Owner' },
      file_name: 'Visa fee changes April 2027.pdf',
      can_delete: true,
    });
    const guide = await uploaded(app, as['seed-upload-admin']!, {
      title: 'Chargeback "how-to" / guide',
      type: 'guide',
      period: '2026-09',
    });

    const found = await listOf(app, as['seed-analyst']!, '?search=VISA%20FEE');
    expect(found.documents.map((document) => document.id)).toEqual([notice.id]);
    expect(found).toMatchObject({ total: 1, can_upload: false, can_generate: false });
    expect(found.documents[0]!.can_delete).toBe(false);
    expect(
      (await listOf(app, as['seed-analyst']!, '?type=guide&period=2026-09')).documents.map((document) => document.id),
    ).toEqual([guide.id]);
    const paged = await listOf(app, as['seed-analyst']!, '?page=1&page_size=1');
    // newest first
    expect(paged.documents.map((document) => document.id)).toEqual([guide.id]);
    expect(paged.total).toBeGreaterThanOrEqual(4);

    const ticket = downloadTicketSchema.parse((await ticketFor(as['seed-analyst']!, guide.id)).json());
    expect(ticket.url).toMatch(/^\/api\/documents\/v1\/downloads\/[A-Za-z0-9_-]{43}$/);
    const file = await app.inject({ url: ticket.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SMALL_PDF)).toBe(true);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="Chargeback -how-to- - guide.pdf"; filename*=UTF-8\'\'Chargeback%20-how-to-%20-%20guide.pdf',
    );
    expect((await app.inject({ url: ticket.url })).statusCode).toBe(404);
    expect(await audit(guide.id)).toEqual(['upload', 'download']);
  });

  it('refuses a file that is not a PDF by its bytes, whatever its name, with a reason; and one over the cap', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    // No refused upload leaves a file behind.
    const files = async () => (await readdir(join(dataDir, 'documents'), { recursive: true })).sort();
    const before = await files();
    const renamed = await upload(
      app,
      as['seed-owner']!,
      { ...NOTICE, title: 'notes.pdf' },
      Buffer.from('PK\u0003\u0004 a zip file renamed notes.pdf'),
    );
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().error).toEqual({
      code: API_ERROR_CODES.notAPdf,
      message: 'This file is not a PDF: its contents do not begin with %PDF-, whatever its name says.',
    });
    const huge = await upload(
      app,
      as['seed-owner']!,
      NOTICE,
      Buffer.concat([SMALL_PDF, Buffer.alloc(DOCUMENT_MAX_BYTES)]),
    );
    expect(huge.statusCode).toBe(413);
    // Without a Content-Length (a streamed body), the store stops reading at the cap.
    const streamed = await app.inject({
      method: 'POST',
      url: uploadUrl(NOTICE),
      headers: { ...as['seed-owner']!, 'content-type': 'application/pdf' },
      payload: Readable.from([SMALL_PDF, Buffer.alloc(DOCUMENT_MAX_BYTES / 2), Buffer.alloc(DOCUMENT_MAX_BYTES / 2)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.code).toBe(API_ERROR_CODES.payloadTooLarge);
    expect(await files()).toEqual(before);
    expect((await listOf(app, as['seed-owner']!, '?search=notes.pdf')).total).toBe(0);
    const bad = await upload(app, as['seed-owner']!, { ...NOTICE, type: 'statement' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only org owners and upload admins upload, and only org owners delete or generate', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    expect((await upload(app, as['seed-analyst']!, NOTICE)).statusCode).toBe(403);
    expect((await upload(app, as['seed-uploader']!, NOTICE)).statusCode).toBe(403);
    const mine = await uploaded(app, as['seed-upload-admin']!, { ...NOTICE, title: 'Admin upload' });
    expect(
      (await app.inject({ method: 'DELETE', url: DOCUMENT_PATHS.document(mine.id), headers: as['seed-upload-admin']! }))
        .statusCode,
    ).toBe(403);
    const generate = (headers: Record<string, string>, period: string) =>
      app.inject({ method: 'POST', url: DOCUMENT_PATHS.generated(), headers, payload: { type: 'statement', period } });
    expect((await generate(as['seed-analyst']!, '2026-09')).statusCode).toBe(403);
    const future = await generate(as['seed-owner']!, '2026-11');
    expect(future.statusCode).toBe(400);
    expect(future.json().error.issues).toEqual([{ field: 'period', problem: 'must be 2026-10 or earlier' }]);
    const september = await generate(as['seed-owner']!, '2026-09');
    expect(september.statusCode, september.body).toBe(201);
    expect(documentSchema.parse(september.json())).toMatchObject({
      type: 'statement',
      period: '2026-09',
      created_by: { name: 'Olivia Owner' },
      file_name: 'portfolio-statement-2026-09.pdf',
    });
    // made again: it replaces September's
    const again = documentSchema.parse((await generate(as['seed-owner']!, '2026-09')).json());
    expect(
      (await listOf(app, as['seed-owner']!, '?type=statement&period=2026-09')).documents.map((document) => document.id),
    ).toEqual([again.id]);

    expect(
      (await app.inject({ method: 'DELETE', url: DOCUMENT_PATHS.document(mine.id), headers: as['seed-owner']! }))
        .statusCode,
    ).toBe(204);
    expect((await app.inject({ url: DOCUMENT_PATHS.document(mine.id), headers: as['seed-owner']! })).statusCode).toBe(
      404,
    );
    expect(await audit(mine.id)).toEqual(['upload', 'delete']);
  });

  it('answers 404 for another organisation’s document, whatever the route', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const acme = await uploaded(app, as['seed-owner']!, { ...NOTICE, title: 'Acme only' });
    const demo = as['seed-demo']!;
    expect((await listOf(app, demo, '?search=acme%20only')).total).toBe(0);
    for (const [method, url] of [
      ['GET', DOCUMENT_PATHS.document(acme.id)],
      ['GET', DOCUMENT_PATHS.content(acme.id)],
      ['POST', DOCUMENT_PATHS.downloadTicket(acme.id)],
      ['DELETE', DOCUMENT_PATHS.document(acme.id)],
    ] as const) {
      expect((await app.inject({ method, url, headers: demo })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await audit(acme.id)).toEqual(['upload']);
  });

  it('lets impersonating support staff read and download but not upload, delete or generate without support_write', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const notice = await uploaded(app, as['seed-owner']!, { ...NOTICE, title: 'Seen by support' });
    const support = await impersonationHeaders(app, 'seed-support', 'owner@acme.example');
    const list = await listOf(app, support, '?search=seen%20by%20support');
    expect(list).toMatchObject({ total: 1, can_upload: false, can_generate: false });
    expect(list.documents[0]!.can_delete).toBe(false);
    const content = await app.inject({ url: DOCUMENT_PATHS.content(notice.id), headers: support });
    expect(content.rawPayload.equals(SMALL_PDF)).toBe(true);
    for (const response of [
      await upload(app, support, NOTICE),
      await app.inject({ method: 'DELETE', url: DOCUMENT_PATHS.document(notice.id), headers: support }),
      await app.inject({
        method: 'POST',
        url: DOCUMENT_PATHS.generated(),
        headers: support,
        payload: { type: 'statement', period: '2026-08' },
      }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe(API_ERROR_CODES.impersonationReadOnly);
    }
    const audited = await db!.query<{ event: string; user_id: number; signed_in_user_id: number }>(
      "select a.event, a.user_id, a.signed_in_user_id from document_audit a where a.document_id = $1 and a.event = 'view'",
      [notice.id],
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]!.user_id).not.toBe(audited[0]!.signed_in_user_id);
    const writer = await impersonationHeaders(app, 'seed-support-lead', 'owner@acme.example');
    expect(
      (await app.inject({ method: 'DELETE', url: DOCUMENT_PATHS.document(notice.id), headers: writer })).statusCode,
    ).toBe(204);
  });
});
