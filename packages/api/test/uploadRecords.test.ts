// Every record of an uploaded file is loaded or listed, through tus and the API: a malformed record at
// the first, a middle and the last line costs that record only, and the counts add up. A sale counts
// once: a tx_ref a live upload of the organisation loaded is rejected, until that upload is removed.
import { queryResultSchema } from '@payportal/shared/analytics';
import { rejectsPageSchema, UPLOAD_PATHS } from '@payportal/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';
import { header, uploadFile, waitForUpload } from './uploadHelpers.ts';

const TEXT_AFTER_QUOTE = 'Text after a closing quote: quote the whole value and double the quotes inside it.';

/** `count` merchants MR-1…, with the record of each line in `broken` made malformed. */
function merchantsFile(count: number, broken: Record<number, (record: string) => string>): string {
  const records = Array.from({ length: count }, (_, index) => {
    const record = `MR-${index + 1},"Merchant ${index + 1}, LLC",Shop ${index + 1},5812,CA,2025-01-15,processing`;
    return broken[index + 2]?.(record) ?? record;
  });
  // the last line without a line break
  return [header('merchants'), ...records].join('\r\n');
}

/** `count` sales of $1.00 to $count.00 over MR-1…MR-10. */
function salesFile(count: number, broken: Record<number, (record: string) => string>): string {
  const records = Array.from({ length: count }, (_, index) => {
    const record = `R${index + 1},MR-${(index % 10) + 1},2026-10-01T12:00:00Z,${index + 1}.00,USD,visa,credit,chip,approved,`;
    return broken[index + 2]?.(record) ?? record;
  });
  return `${[header('transactions'), ...records].join('\n')}\n`;
}

describe.each(DATABASE_KINDS)('uploaded records on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  let db: Database | null = null;
  let app: FastifyInstance;
  let as: AnalyticsTestApp['as'] = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-uploader', 'seed-analyst', 'seed-upload-admin']);
    if (!stack) return;
    ({ db, app, as } = stack);
  });
  afterAll(() => stack?.close());

  /** Every reject of the upload, page by page, as "line: reason". */
  const rejectsOf = async (headers: Record<string, string>, id: number) => {
    const rows: string[] = [];
    for (let page = 1; ; page += 1) {
      const answer = rejectsPageSchema.parse(
        (await app.inject({ url: `${UPLOAD_PATHS.rejects(id)}?page=${page}`, headers })).json(),
      );
      rows.push(...answer.rejects.map((row) => `${row.line}: ${row.reason}`));
      if (rows.length >= answer.total || !answer.rejects.length) return rows;
    }
  };

  // Several uploads each, one after the other: longer than the default 20 s on a busy machine.
  it(
    '[U9][U11] a malformed record at the first, a middle and the last line costs that record only, in both kinds; loaded + rejected = total',
    { timeout: 120_000 },
    async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const uploader = as['seed-uploader']!;
      const merchants = merchantsFile(12, {
        2: (record) => record.replace('Shop 1', 'Sh"op 1'),
        7: (record) => record.replace(',CA,', ',CA,extra,'),
        13: (record) => record.replace('"Merchant 12', '"Merchant" 12'),
      });
      const merchantsId = await uploadFile(app, uploader, { kind: 'merchants', filename: 'merchants.csv' }, merchants);
      expect(await waitForUpload(app, uploader, merchantsId, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_total: 12,
        rows_loaded: 9,
        rows_rejected: 3,
      });
      expect(await rejectsOf(uploader, merchantsId)).toEqual([
        '2: A quote inside an unquoted value: quote the whole value or remove the quote.',
        '7: The line has 8 values; the header has 7.',
        `13: ${TEXT_AFTER_QUOTE}`,
      ]);

      // MR-1 and MR-6 were rejected above: their sales are rejected as unknown merchants, each listed once.
      const usd = (record: string) => record.replace('USD', '"US"D');
      const sales = salesFile(1000, { 2: usd, 51: usd, 1001: usd });
      const salesId = await uploadFile(app, uploader, { kind: 'transactions', filename: 'sales.csv' }, sales);
      const done = await waitForUpload(app, uploader, salesId, ['done', 'failed']);
      const unknown = Array.from({ length: 1000 }, (_, index) => index).filter(
        (index) => ![0, 49, 999].includes(index) && [0, 5].includes(index % 10),
      );
      expect(done).toMatchObject({
        status: 'done',
        rows_total: 1000,
        rows_rejected: 3 + unknown.length,
        rows_loaded: 1000 - 3 - unknown.length,
      });
      const rejects = rejectsPageSchema.parse(
        (await app.inject({ url: UPLOAD_PATHS.rejects(salesId), headers: uploader })).json(),
      );
      expect(rejects.total).toBe(3 + unknown.length);
      expect(rejects.rejects.slice(0, 3).map((row) => `${row.line}:${row.column ?? '-'}`)).toEqual([
        '2:-',
        '7:mid',
        '12:mid',
      ]);

      // Every loaded sale is in the totals: $1..$1000 less the rejected lines' amounts.
      const loadedAmounts = Array.from({ length: 1000 }, (_, index) => index).filter(
        (index) => ![0, 49, 999].includes(index) && ![0, 5].includes(index % 10),
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics/v1/query',
        headers: as['seed-analyst']!,
        payload: {
          measures: ['gsv', 'authorisations'],
          filters: [
            { member: 'merchant', operator: 'in', values: Array.from({ length: 10 }, (_, index) => `MR-${index + 1}`) },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(queryResultSchema.parse(response.json()).rows).toEqual([
        [loadedAmounts.reduce((sum, index) => sum + index + 1, 0), loadedAmounts.length],
      ]);
      expect(await rejectsOf(uploader, salesId)).toEqual(
        expect.arrayContaining([`2: ${TEXT_AFTER_QUOTE}`, `51: ${TEXT_AFTER_QUOTE}`, `1001: ${TEXT_AFTER_QUOTE}`]),
      );
    },
  );

  it(
    '[U13][U14] a tx_ref a live upload loaded is rejected as already loaded, naming that upload; GSV rises by the new sales only; deleting the upload frees its tx_refs',
    { timeout: 120_000 },
    async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const uploader = as['seed-uploader']!;
      const analyst = as['seed-analyst']!;
      const sale = (ref: string, amount: number, result = 'approved,') =>
        `${ref},MR-2,2026-10-02T12:00:00Z,${amount}.00,USD,visa,credit,chip,${result}`;
      const gsv = async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/analytics/v1/query',
          headers: analyst,
          payload: { measures: ['gsv'], filters: [{ member: 'merchant', operator: 'in', values: ['MR-2'] }] },
        });
        return Number(queryResultSchema.parse(response.json()).rows[0]?.[0] ?? 0);
      };
      const before = await gsv();
      const first = [
        header('transactions'),
        ...Array.from({ length: 10 }, (_, index) => sale(`S${index + 1}`, 100 + index)),
        '',
      ].join('\n');
      const firstId = await uploadFile(app, uploader, { kind: 'transactions', filename: 'october.csv' }, first);
      const firstDone = await waitForUpload(app, uploader, firstId, ['done', 'failed']);
      expect(firstDone).toMatchObject({ status: 'done', rows_loaded: 10 });
      const afterFirst = await gsv();
      expect(afterFirst - before).toBe(1045);

      // five of the first file's sales again, and five new ones (one of them declined)
      const repeated = [6, 7, 8, 9, 10].map((n) => sale(`S${n}`, 99 + n));
      const fresh = [sale('S11', 1), sale('S12', 2), sale('S13', 3), sale('S14', 4), sale('S15', 5, 'declined,05')];
      const secondId = await uploadFile(
        app,
        uploader,
        { kind: 'transactions', filename: 'resent.csv' },
        [header('transactions'), ...repeated, ...fresh, ''].join('\n'),
      );
      expect(await waitForUpload(app, uploader, secondId, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_total: 10,
        rows_loaded: 5,
        rows_rejected: 5,
      });
      const day = firstDone.created_at.slice(0, 10);
      expect(await rejectsOf(uploader, secondId)).toEqual(
        [2, 3, 4, 5, 6].map((line) => `${line}: is already loaded by upload ${firstId} (october.csv, ${day})`),
      );
      expect((await gsv()) - afterFirst).toBe(1 + 2 + 3 + 4);

      // the very same file again loads nothing new
      const againId = await uploadFile(app, uploader, { kind: 'transactions', filename: 'october.csv' }, first);
      expect(await waitForUpload(app, uploader, againId, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_loaded: 0,
        rows_rejected: 10,
        duplicate_of: firstId,
      });
      expect((await gsv()) - afterFirst).toBe(10);

      // deleting the first upload frees its tx_refs: the repeated sales load now
      expect(
        (await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(firstId), headers: as['seed-upload-admin']! }))
          .statusCode,
      ).toBe(204);
      const thirdId = await uploadFile(
        app,
        uploader,
        { kind: 'transactions', filename: 'repeated.csv' },
        [header('transactions'), ...repeated, ''].join('\n'),
      );
      expect(await waitForUpload(app, uploader, thirdId, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_loaded: 5,
        rows_rejected: 0,
      });
      expect((await gsv()) - before).toBe(10 + 105 + 106 + 107 + 108 + 109);
    },
  );
});
