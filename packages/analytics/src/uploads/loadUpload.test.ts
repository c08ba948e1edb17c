// Uploads in the engine: a merchants file, then transactions with bad rows;
// every bad row kept with its line, column and reason; the good rows in the query API's totals with
// fees; rollback (removing an upload) takes exactly its rows away; whole-file rejection
// loads nothing.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { uploadHeader } from '@payportal/shared/uploads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { openCachedEngine } from '../../test/datasetCache.ts';
import { INSERT_UPLOAD_ROWS } from './insertUploadRows.ts';
import type { LoadUploadRequest } from './loadUpload.ts';
import { UploadCountError } from './stageUpload.ts';

const scope = { orgId: 5, today: '2026-11-23' };
const dir = mkdtempSync(join(tmpdir(), 'uploads-'));
const file = (name: string, text: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const header = (kind: 'merchants' | 'transactions' | 'chargebacks') => uploadHeader(kind, false);
const byMerchant = queryDescriptionSchema.parse({
  measures: ['gsv', 'transactions', 'authorisations', 'interchange', 'billed_fees', 'net_revenue'],
  dimensions: ['merchant'],
});

const MERCHANTS = [
  header('merchants'),
  'U-1,One LLC,One Cafe,5812,CA,2025-01-15,processing',
  'U-2,Two Inc,Two Fuel,5541,TX,2025-02-01,processing',
  '',
].join('\n');
const TRANSACTIONS = [
  header('transactions'),
  'T1,U-1,2026-10-01T12:00:00Z,10.00,USD,visa,credit,chip,approved,',
  'T2,U-1,2026-10-02T12:00:00,20.50,USD,mastercard,debit,ecom,approved,',
  'T3,U-2,2026-10-03 08:00:00+02:00,30.25,USD,amex,credit,contactless,approved,',
  'T4,U-2,2026-10-03T09:00:00Z,5.00,USD,visa,credit,chip,declined,51',
  'T5,U-9,2026-10-03T09:00:00Z,5.00,USD,visa,credit,chip,approved,', // line 6: unknown mid
  'T1,U-1,2026-10-03T09:00:00Z,5.00,USD,visa,credit,chip,approved,', // line 7: duplicate tx_ref (and line 2)
  'T8,U-1,03/10/2026,-5.00,USD,visa,credit,chip,approved,', // line 8: date format, negative amount
  'T9,U-1,2026-10-03T09:00:00Z,5.00,USD,visa,credit', // line 9: ragged
  'T10,U-1,2026-10-03T09:00:00Z,abc,USD,visa,credit,chip,approved,', // line 10: wrong type
  '',
].join('\n');

describe('loadUpload', () => {
  let engine: DuckDBEngine;
  const load = (request: Partial<LoadUploadRequest> & Pick<LoadUploadRequest, 'uploadId' | 'kind' | 'path'>) =>
    engine.loadUpload({ orgId: scope.orgId, rejectWholeFile: false, removing: [], ...request });
  const rejects = async (uploadId: number) =>
    (await engine.uploadRejects(scope.orgId, uploadId, { offset: 0, limit: 100 })).rows;
  const uploaded = async () =>
    (await engine.query(byMerchant, scope)).rows.filter((row) => String(row[0]).startsWith('U-'));

  beforeAll(async () => {
    // The same cached dataset as optimizer.test.ts: generated once, each file on its own copy (its uploads its own).
    const dataset = { orgId: scope.orgId, scaleFactor: 0.01, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { connections: 2 });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
  });
  afterAll(() => engine?.close());

  it('[U10][U11][U13][U17] loads merchants, then transactions with bad rows: every bad row kept with its line, column and reason; good rows in the totals', async () => {
    const phases: string[] = [];
    expect(
      await load({
        uploadId: 1,
        kind: 'merchants',
        path: file('m.csv', MERCHANTS),
        onPhase: (phase) => void phases.push(phase),
      }),
    ).toEqual({ total: 2, loaded: 2, rejected: 0, refused: false });
    expect(phases).toEqual(['validating', 'loading']);
    const before = await engine.dataVersion(scope.orgId);
    expect(await load({ uploadId: 2, kind: 'transactions', path: file('t.csv', TRANSACTIONS) })).toEqual({
      total: 9,
      loaded: 3,
      rejected: 6,
      refused: false,
    });
    expect(Number(await engine.dataVersion(scope.orgId))).toBeGreaterThan(Number(before));
    expect(await rejects(2)).toEqual([
      { line: 2, column: 'tx_ref', value: 'T1', reason: 'appears more than once in the file' },
      { line: 6, column: 'mid', value: 'U-9', reason: 'is not a merchant of this organisation' },
      { line: 7, column: 'tx_ref', value: 'T1', reason: 'appears more than once in the file' },
      {
        line: 8,
        column: 'amount',
        value: '-5.00',
        reason: 'must be an amount above 0 with at most two decimals, such as 12.50',
      },
      {
        line: 8,
        column: 'ts',
        value: '03/10/2026',
        reason: 'must be an ISO 8601 date and time such as 2026-03-01T14:05:00Z',
      },
      {
        line: 9,
        column: null,
        value: 'T9,U-1,2026-10-03T09:00:00Z,5.00,USD,visa,credit',
        reason: 'The line has 7 values; the header has 10.',
      },
      {
        line: 10,
        column: 'amount',
        value: 'abc',
        reason: 'must be an amount above 0 with at most two decimals, such as 12.50',
      },
    ]);
    // Read one row at a time by keyset (the CSV download's way): the same rows in the same order, line 8's two cells apart.
    const keyed: Awaited<ReturnType<typeof rejects>> = [];
    for (let after = null as (typeof keyed)[number] | null; ;) {
      const page = await engine.uploadRejectsAfter(scope.orgId, 2, after, 1);
      if (!page.length) break;
      keyed.push(...page);
      after = page[0]!;
    }
    expect(keyed).toEqual(await rejects(2));
    expect(
      (await engine.uploadRejectsAfter(scope.orgId, 2, { line: 8, column: 'amount' }, 2)).map((row) => [
        row.line,
        row.column,
      ]),
    ).toEqual([
      [8, 'ts'],
      [9, null],
    ]);
    const rows = await uploaded();
    // U-1: T2 (T1 was a duplicate); U-2: T3 approved, T4 declined. Fees
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['U-2', 30.25, 1, 2],
      ['U-1', 20.5, 1, 1],
    ]);
    for (const row of rows) expect(Number(row[6])).toBeCloseTo(Number(row[5]) - Number(row[4]) - 0, 0);
    // Mastercard unregulated debit CNP: 1.65 % + $0.15 = $0.49 interchange on $20.50
    expect(rows.find((row) => row[0] === 'U-1')![4]).toBe(0.49);
  });

  it('[U16] removing an upload takes exactly its rows away', async () => {
    const others = (await engine.query(byMerchant, scope)).rows.filter((row) => !String(row[0]).startsWith('U-'));
    await engine.removeUploads(scope.orgId, [2]);
    expect(await uploaded()).toEqual([]);
    expect((await engine.query(byMerchant, scope)).rows.filter((row) => !String(row[0]).startsWith('U-'))).toEqual(
      others,
    );
    expect((await rejects(2)).length).toBe(7);
  });

  it('[U12] rejects the whole file when asked and any row fails: nothing loads', async () => {
    expect(
      await load({ uploadId: 3, kind: 'transactions', path: file('t3.csv', TRANSACTIONS), rejectWholeFile: true }),
    ).toEqual({ total: 9, loaded: 0, rejected: 6, refused: true });
    expect(await uploaded()).toEqual([]);
  });

  it('[U15][U17] a new version removes the one it supersedes in the same transaction', async () => {
    await load({ uploadId: 4, kind: 'transactions', path: file('t4.csv', TRANSACTIONS) });
    const second = [header('transactions'), 'N1,U-1,2026-10-05T10:00:00Z,99.99,USD,visa,debit,chip,approved,', ''].join(
      '\n',
    );
    expect(
      await load({ uploadId: 5, kind: 'transactions', path: file('t5.csv', second), removing: [4] }),
    ).toMatchObject({ loaded: 1 });
    expect((await uploaded()).map((row) => row.slice(0, 2))).toEqual([['U-1', 99.99]]);
  });

  it('[U10] loads chargebacks of the organisation’s uploaded sales with their card attributes; an unknown sale or reason is rejected', async () => {
    const text = [
      header('chargebacks'),
      'N1,U-1,2026-10-20,99.99,10.4,first',
      'N1,U-2,2026-10-20,5.00,10.4,first', // the sale is U-1's, not U-2's
      'ZZ,U-1,2026-10-20,5.00,10.4,first',
      'N1,U-1,2026-10-21,5.00,99.9,first',
      '',
    ].join('\n');
    expect(await load({ uploadId: 6, kind: 'chargebacks', path: file('c.csv', text) })).toEqual({
      total: 4,
      loaded: 1,
      rejected: 3,
      refused: false,
    });
    expect((await rejects(6)).map((row) => `${row.line}:${row.column}:${row.reason}`)).toEqual([
      '3:tx_ref:is not a transaction of this merchant',
      '4:tx_ref:is not a transaction of this merchant',
      '5:reason_code:is not a known dispute reason code',
    ]);
    const chargebacks = queryDescriptionSchema.parse({
      measures: ['chargebacks', 'chargeback_amount'],
      dimensions: ['merchant', 'card_type'],
    });
    expect((await engine.query(chargebacks, scope)).rows.filter((row) => row[0] === 'U-1')).toEqual([
      ['U-1', 'debit', 1, 99.99],
    ]);
    // its dispute history starts: received, due by Visa's first-stage window (30 days); it goes with the upload
    const events = () =>
      engine.withConnection(async (connection) =>
        (
          await connection.runAndReadAll(`select seq, strftime(event_date, '%Y-%m-%d'), event, strftime(due_date, '%Y-%m-%d')
            from dispute_events where org_id = ${scope.orgId} and upload_id = 6`)
        ).getRowsJS(),
      );
    expect(await events()).toEqual([[1, '2026-10-20', 'received', '2026-11-19']]);
    await engine.removeUploads(scope.orgId, [6]);
    expect(await events()).toEqual([]);
  });

  describe('bad files get reasons, never a half-loaded table', () => {
    const reasonsOf = async (uploadId: number, text: string | Buffer) => {
      const result = await load({ uploadId, kind: 'transactions', path: file(`bad-${uploadId}.csv`, text) });
      return {
        result,
        reasons: (await rejects(uploadId)).map((row) => `${row.line}:${row.column ?? '-'}:${row.reason}`),
      };
    };
    const good = 'G1,U-1,2026-10-06T10:00:00Z,1.00,USD,visa,credit,chip,approved,';

    it('[U11] counts that do not add up (a record lost between the check and the insert) load nothing and keep no rejects', async () => {
      const before = await uploaded();
      const insert = INSERT_UPLOAD_ROWS.transactions;
      // The insert runs, then answers one row fewer than the checked records: one record would be neither loaded nor listed.
      const lossy = vi
        .spyOn(INSERT_UPLOAD_ROWS, 'transactions')
        .mockImplementation(async (connection, stage) => (await insert(connection, stage)) - 1);
      try {
        const text = [
          header('transactions'),
          good.replace('G1', 'L1'),
          good.replace('G1', 'L2'),
          good.replace('G1', 'L3').replace('U-1', 'U-9'),
          '',
        ].join('\n');
        const attempt = load({ uploadId: 19, kind: 'transactions', path: file('lossy.csv', text) });
        await expect(attempt).rejects.toThrow(UploadCountError);
        await expect(attempt).rejects.toThrow(
          'The file holds 3 records, but 1 would be loaded and 1 rejected: nothing was loaded.',
        );
      } finally {
        lossy.mockRestore();
      }
      expect(await uploaded()).toEqual(before);
      expect(await rejects(19)).toEqual([]);
    });
    it('[U9] CRLF line ends, a BOM and quoted newlines load', async () => {
      const text = `\uFEFF${header('transactions')}\r\n${good}\r\n"G2\r\nx",U-1,2026-10-06T10:00:00Z,2.00,USD,visa,credit,chip,approved,\r\nG3,U-1,2026-10-06T10:00:00Z,3.00,USD,visa,credit,chip,approved,\r\n`;
      expect(await reasonsOf(10, text)).toEqual({
        result: { total: 3, loaded: 3, rejected: 0, refused: false },
        reasons: [],
      });
    });
    it('[U9] an unterminated quote is rejected with its line', async () => {
      expect(
        (
          await reasonsOf(
            11,
            `${header('transactions')}\n${good.replace('G1', 'G11')}\n"G12,U-1,2026-10-06T10:00:00Z,1.00,USD,visa,credit,chip,approved,\n`,
          )
        ).reasons,
      ).toEqual(['3:-:A quote that is never closed: close it, or double it if it is part of the value.']);
    });
    it('[U9] a 10 MB line is rejected; the lines after it still load', async () => {
      const { result, reasons } = await reasonsOf(
        12,
        `${header('transactions')}\n${'x'.repeat(10_000_000)},U-1\n${good.replace('G1', 'G13')}\n`,
      );
      expect(result).toMatchObject({ loaded: 1, rejected: 1 });
      expect(reasons).toEqual(['2:-:The record is longer than 2 MB.']);
    });
    it('[U9] binary bytes are rejected as not UTF-8', async () => {
      const bytes = Buffer.concat([
        Buffer.from(`${header('transactions')}\n`),
        Buffer.from([0xff, 0xfe, 0x00, 0x2c, 0x01, 0x0a]),
      ]);
      expect((await reasonsOf(13, bytes)).reasons).toEqual(['2:-:Not valid UTF-8 text: save the file as UTF-8.']);
    });
    it('[U10] a declined sale needs a decline code, an approved one none; other date formats and a bad day fail', async () => {
      const text = [
        header('transactions'),
        'D1,U-1,2026-10-06T10:00:00Z,1.00,USD,visa,credit,chip,declined,',
        'D2,U-1,2026-10-06T10:00:00Z,1.00,USD,visa,credit,chip,approved,05',
        'D3,U-1,2026-02-30T10:00:00Z,1.00,USD,visa,credit,chip,approved,',
        '',
      ].join('\n');
      expect((await reasonsOf(14, text)).reasons).toEqual([
        '2:decline_code:must be two digits or capital letters, such as 05, when auth_result is declined',
        '3:decline_code:must be empty: an approved row must have no decline code',
        '4:ts:is not a real calendar date',
      ]);
    });
    it('[U11] an empty file and a header-only file load nothing and reject nothing', async () => {
      expect((await reasonsOf(15, '')).result).toEqual({ total: 0, loaded: 0, rejected: 0, refused: false });
      expect((await reasonsOf(16, `${header('transactions')}\n`)).result).toEqual({
        total: 0,
        loaded: 0,
        rejected: 0,
        refused: false,
      });
    });
  });
});
