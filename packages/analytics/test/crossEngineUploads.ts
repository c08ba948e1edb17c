// Uploads asked of both engines on the cross-engine test's data (crossEngine.test.ts calls this last
// inside its suite, since it changes the organisation's rows and puts them back): the same files loaded
// into DuckDB and ClickHouse under the same upload ids give the same counts and the same rejects (line,
// column, value, reason, paged both ways); the same GSV, fees and chargebacks change, merchant by merchant,
// from the raw facts and the rollup; a new version replaces its predecessor's rows; a whole-file
// rejection loads nothing; and rolled back, both answer as before the first upload.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryDescriptionSchema, type QueryDescriptionInput, type QueryResult } from '@payportal/shared/analytics';
import { UPLOAD_REJECT_REASONS, uploadHeader, type UploadKind } from '@payportal/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/clickhouse/runClickHouseQuery.ts';
import type { QueryScope } from '../src/compiler/compileQuery.ts';
import type { AnalyticsEngine } from '../src/engine.ts';
import type { LoadUploadRequest } from '../src/uploads/loadUpload.ts';
import type { UploadRejectRow } from '../src/uploads/uploadRejects.ts';
import { ScopedNodeError } from '../src/uploads/uploadRows.ts';
import { disputeOutcomeTests } from './crossEngineDisputeOutcomes.ts';
import type { Engines } from './crossEngineMerchantPage.ts';

const header = (kind: UploadKind) => uploadHeader(kind, false);

/** Per merchant: what an upload of each kind changes. */
const BY_MERCHANT: QueryDescriptionInput = {
  measures: [
    'gsv',
    'transactions',
    'authorisations',
    'interchange',
    'scheme_fees',
    'billed_fees',
    'net_revenue',
    'chargebacks',
    'chargeback_amount',
  ],
  dimensions: ['merchant'],
};
/** Per day and channel, from the rollup where it can answer. */
const BY_DAY: QueryDescriptionInput = {
  measures: ['gsv', 'transactions', 'chargebacks'],
  dimensions: ['channel'],
  timeDimension: { dimension: 'date', granularity: 'day', dateRange: ['2026-09-25', '2026-10-20'] },
};

// Each test is several loads on both engines, and ClickHouse's are a scratch DuckDB and a few dozen
// statements each: 15 s on a quiet 2-core machine, four times that when it is shared.

/** The organisation's totals of both facts, asked of the raw rows and of the rollup. */
const TOTALS = queryDescriptionSchema.parse({ measures: ['gsv', 'transactions', 'chargebacks', 'chargeback_amount'] });

export function uploadTests(
  engines: () => Engines,
  scope: QueryScope,
  expectSameAnswers: (input: QueryDescriptionInput, what: string) => Promise<number>,
): void {
  describe('uploads on DuckDB and ClickHouse', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cross-engine-uploads-'));
    let mids: string[] = [];
    let before: Map<string, number>;

    /** The same file under the same upload id into both engines (each reads its own copy: the loader writes beside it). */
    async function loadBoth(request: Omit<LoadUploadRequest, 'orgId' | 'path'> & { text: string }) {
      const { duckdb, clickhouse } = engines();
      const { text, ...rest } = request;
      const load = (engine: AnalyticsEngine) => {
        const path = join(dir, `${engine.name}-${request.uploadId}.csv`);
        writeFileSync(path, text);
        return engine.loadUpload!({ ...rest, orgId: scope.orgId, path });
      };
      const expected = await load(duckdb);
      // While ClickHouse publishes, readers see the organisation's totals without the upload or with all of it.
      const totals = async (engine: AnalyticsEngine) =>
        Promise.all(
          (['never', 'always'] as const).map(async (rollup) =>
            JSON.stringify((await engine.query(TOTALS, scope, { rollup })).rows),
          ),
        );
      const [beforeTotals, afterTotals] = [await totals(clickhouse), await totals(duckdb)];
      const seen = new Set<string>();
      let loading = true;
      const watching = (async () => {
        for (; loading; await new Promise((resolve) => setTimeout(resolve, 10)))
          for (const [index, answer] of (await totals(clickhouse)).entries()) seen.add(`${index}:${answer}`);
      })();
      const actual = await load(clickhouse).finally(() => (loading = false));
      await watching;
      const allowed = new Set([...beforeTotals, ...afterTotals].map((answer, index) => `${index % 2}:${answer}`));
      expect(
        [...seen].filter((answer) => !allowed.has(answer)),
        `upload ${request.uploadId} half-loaded`,
      ).toEqual([]);
      expect(await totals(clickhouse)).toEqual(afterTotals);
      expect(actual, `upload ${request.uploadId}`).toEqual(expected);
      const rejects = async (engine: AnalyticsEngine) => {
        const page = await engine.uploadRejects!(scope.orgId, request.uploadId, { offset: 0, limit: 1000 });
        const paged: UploadRejectRow[] = [];
        for (let after: UploadRejectRow | null = null; ; after = paged.at(-1)!) {
          const rows = await engine.uploadRejectsAfter!(scope.orgId, request.uploadId, after, 2);
          if (!rows.length) break;
          paged.push(...rows);
        }
        const second = await engine.uploadRejects!(scope.orgId, request.uploadId, { offset: 2, limit: 3 });
        return { page, paged, second };
      };
      const [duckdbRejects, clickhouseRejects] = [await rejects(duckdb), await rejects(clickhouse)];
      expect(clickhouseRejects, `upload ${request.uploadId} rejects`).toEqual(duckdbRejects);
      expect(duckdbRejects.paged).toEqual(duckdbRejects.page.rows);
      return { result: expected, rejects: duckdbRejects.page };
    }

    /** GSV by merchant on each engine (raw rows), and both answers held equal to each other. */
    async function gsvByMerchant(): Promise<Map<string, number>> {
      await expectSameAnswers(BY_MERCHANT, 'by merchant');
      await expectSameAnswers(BY_DAY, 'by day and channel');
      const { duckdb, clickhouse } = engines();
      const description = queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['merchant'] });
      const asMap = (result: QueryResult) => new Map(result.rows.map((row) => [String(row[0]), Number(row[1])]));
      const [expected, actual] = await Promise.all([
        duckdb.query(description, scope, { rollup: 'never', rowCap: 100_000 }),
        clickhouse.query(description, scope, { rollup: 'auto', rowCap: 100_000 }),
      ]);
      expect(asMap(actual)).toEqual(asMap(expected));
      return asMap(expected);
    }

    const changes = (from: Map<string, number>, to: Map<string, number>) =>
      Object.fromEntries(
        [...new Set([...from.keys(), ...to.keys()])]
          .map((key) => [key, Math.round(((to.get(key) ?? 0) - (from.get(key) ?? 0)) * 100) / 100] as const)
          .filter(([, change]) => change !== 0),
      );

    beforeAll(async () => {
      const { duckdb } = engines();
      mids = await duckdb.withConnection(async (connection) =>
        (
          await connection.runAndReadAll(
            `select mid from merchants where org_id = ${scope.orgId} and upload_id is null order by mid limit 2`,
          )
        )
          .getRowsJS()
          .map((row) => String(row[0])),
      );
      before = await gsvByMerchant();
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('load merchants, sales and disputes alike, with the same rejects, and change the same figures', async () => {
      const [known] = mids;
      const merchants = await loadBoth({
        uploadId: 9001,
        kind: 'merchants',
        rejectWholeFile: false,
        removing: [],
        text: [
          header('merchants'),
          'XU-1,One LLC,One Cafe,5812,CA,2025-01-15,processing',
          'XU-2,Two Inc,"Two ""Fuel""",5541,TX,2025-02-01,processing',
          `${known},Taken,Taken,5812,CA,2025-01-15,processing`, // line 4: the organisation has it
          'XU-3,Three,Three,0000,ZZ,2025-13-01,open', // line 5: four bad cells
          'XU-5,Five,Five,5812,CA,2025-01-15,processing', // lines 6 and 7: the same mid twice
          'XU-5,Again,Again,5812,CA,2025-01-15,processing',
          '',
        ].join('\n'),
      });
      expect(merchants.result).toEqual({ total: 6, loaded: 2, rejected: 4, refused: false });
      expect(merchants.rejects.total).toBe(7);

      const sales = await loadBoth({
        uploadId: 9002,
        kind: 'transactions',
        rejectWholeFile: false,
        removing: [],
        text: [
          header('transactions'),
          'XT1,XU-1,2026-10-01T12:00:00Z,10.00,USD,visa,credit,chip,approved,',
          'XT2,XU-1,2026-10-02T12:00:00,20.50,USD,mastercard,debit,ecom,approved,',
          'XT3,XU-2,2026-10-03 08:00:00+02:00,30.25,USD,amex,credit,contactless,approved,',
          'XT4,XU-2,2026-10-03T09:00:00Z,5.00,USD,visa,credit,chip,declined,51',
          `XT5,${known},2026-10-04T09:30:00Z,1234.56,USD,discover,prepaid,keyed,approved,`,
          `XT6,${mids[1]},2026-10-05T23:59:59Z,0.01,USD,visa,debit,recurring,approved,`,
          'XT7,XU-9,2026-10-03T09:00:00Z,5.00,USD,visa,credit,chip,approved,', // line 8: unknown mid
          'XT10,XU-1,2026-10-03T09:00:00Z,5.00,USD,visa,credit,chip,approved,', // lines 9 and 10: the same tx_ref twice
          'XT10,XU-2,2026-10-03T09:00:00Z,5.00,USD,visa,credit,chip,approved,',
          'XT8,XU-1,03/10/2026,-5.00,USD,visa,credit,chip,approved,', // line 11: date, amount
          'XT9,XU-1,2026-10-03T09:00:00Z,5.00,USD,visa,credit', // line 12: ragged
          '',
        ].join('\n'),
      });
      expect(sales.result).toEqual({ total: 11, loaded: 6, rejected: 5, refused: false });
      const afterSales = await gsvByMerchant();
      expect(changes(before, afterSales)).toEqual(expect.objectContaining({ [known!]: 1234.56, [mids[1]!]: 0.01 }));
      expect(Object.keys(changes(before, afterSales))).toHaveLength(4);
      // loaded again under its id (a process stopped after publishing, before recording it): the same rows once
      const { clickhouse } = engines();
      const again = await clickhouse.loadUpload!({
        orgId: scope.orgId,
        uploadId: 9002,
        kind: 'transactions',
        rejectWholeFile: false,
        removing: [],
        path: join(dir, 'clickhouse-9002.csv'),
      });
      expect(again).toEqual(sales.result);
      expect(await gsvByMerchant()).toEqual(afterSales);

      const disputes = await loadBoth({
        uploadId: 9003,
        kind: 'chargebacks',
        rejectWholeFile: false,
        removing: [],
        text: [
          header('chargebacks'),
          'XT1,XU-1,2026-10-20,9.99,10.4,first',
          `XT5,${known},2026-10-10,100.00,4853,pre_arbitration`,
          'XT1,XU-2,2026-10-20,5.00,10.4,first', // line 4: the sale is XU-1's
          'ZZ,XU-1,2026-10-20,5.00,10.4,first', // line 5: no such sale
          '',
        ].join('\n'),
      });
      expect(disputes.result).toEqual({ total: 4, loaded: 2, rejected: 2, refused: false });
      // each loaded dispute's history starts with its received event, due by its network's first window
      const { duckdb } = engines();
      const events = `select chargeback_id, seq, event, event_date, due_date from dispute_events
        where org_id = ${scope.orgId} and upload_id = 9003 order by chargeback_id`;
      const duckEvents = (await duckdb.withConnection(async (c) => (await c.runAndReadAll(events)).getRows())).map(
        (row) => row.map(String),
      );
      expect(duckEvents).toHaveLength(2);
      // XT1: a Visa sale (10.4), received 2026-10-20, due 30 days later
      expect(duckEvents.map((row) => row.slice(1))).toContainEqual(['1', 'received', '2026-10-20', '2026-11-19']);
      const clickEvents = await queryRows(clickhouse.client, events);
      expect(clickEvents.map((row) => row.map(String))).toEqual(duckEvents);
      await gsvByMerchant();
    }, 240_000);

    it('replace a file by its new version, refuse a whole file alike, and roll back to the same answers as before', async () => {
      const { duckdb, clickhouse } = engines();
      const version = await loadBoth({
        uploadId: 9004,
        kind: 'transactions',
        rejectWholeFile: false,
        removing: [9002],
        text: [
          header('transactions'),
          'XT1,XU-1,2026-10-01T12:00:00Z,11.00,USD,visa,credit,chip,approved,', // its dispute's sale again
          'XT3,XU-2,2026-10-03T08:00:00Z,30.25,USD,amex,credit,contactless,approved,',
          `XT6,${mids[1]},2026-10-06T10:00:00Z,99.99,USD,mastercard,credit,swipe,approved,`,
          '',
        ].join('\n'),
      });
      expect(version.result).toEqual({ total: 3, loaded: 3, rejected: 0, refused: false });
      const afterVersion = await gsvByMerchant();
      expect(changes(before, afterVersion)).toEqual(expect.objectContaining({ [mids[1]!]: 99.99 }));

      const refusedText = [
        header('transactions'),
        `XT20,${mids[0]},2026-10-07T10:00:00Z,50.00,USD,visa,credit,chip,approved,`,
        'XT21,XU-404,2026-10-07T10:00:00Z,5.00,USD,visa,credit,chip,approved,',
        '',
      ].join('\n');
      const refused = await loadBoth({
        uploadId: 9005,
        kind: 'transactions',
        rejectWholeFile: true,
        removing: [],
        text: refusedText,
      });
      expect(refused.result).toEqual({ total: 2, loaded: 0, rejected: 1, refused: true });
      expect(await gsvByMerchant()).toEqual(afterVersion);

      for (const engine of [duckdb, clickhouse]) await engine.removeUploads!(scope.orgId, [9003, 9004, 9001]);
      expect(await gsvByMerchant()).toEqual(before);
      // the rejects stay with their upload (the history keeps them)
      const kept = (engine: AnalyticsEngine) => engine.uploadRejects!(scope.orgId, 9002, { offset: 0, limit: 10 });
      expect(await kept(clickhouse)).toEqual(await kept(duckdb));
      expect((await kept(clickhouse)).total).toBe(6);
      // no staging table of a publication is left behind
      const tables = await clickhouse.client.query({
        query: "select name from system.tables where database = currentDatabase() and position(name, '__upload_') > 0",
        format: 'JSONCompact',
      });
      expect((await tables.json()).data).toEqual([]);
    }, 240_000);

    it('load a hierarchy and the merchants naming their agents alike; a new version, a refusal for a scoped node and a roll back move the same books', async () => {
      const { duckdb, clickhouse } = engines();
      const books = async () => {
        const sql = `select mid, agent_code, sub_iso_code from merchant_dim where org_id = ${scope.orgId} and mid like 'XN-%' order by mid`;
        const [expected, actual] = [
          await duckdb.withConnection(async (c) => (await c.runAndReadAll(sql)).getRowsJS()),
          await queryRows(clickhouse.client, sql),
        ];
        expect(actual.map((row) => row.map(String))).toEqual(expected.map((row) => row.map(String)));
        return Object.fromEntries(expected.map((row) => [String(row[0]), `${String(row[1])}/${String(row[2])}`]));
      };
      const hierarchy = [
        uploadHeader('portfolio_nodes'),
        'XN-SI,,sub_iso,Cross Sub-ISO',
        'XN-AG,XN-SI,agent,Cross Agent',
        'XN-BAD,XN-AG,agent,Under an agent', // line 4: a fourth level
        'XN-C1,XN-C1,agent,Own parent', // line 5: a cycle
        '',
      ].join('\n');
      const first = await loadBoth({
        uploadId: 9101,
        kind: 'portfolio_nodes',
        rejectWholeFile: false,
        removing: [],
        text: hierarchy,
      });
      expect(first.result).toEqual({ total: 4, loaded: 2, rejected: 2, refused: false });
      const merchants = await loadBoth({
        uploadId: 9102,
        kind: 'merchants',
        rejectWholeFile: false,
        removing: [],
        text: [
          uploadHeader('merchants'),
          'XN-1,One LLC,One Cafe,5812,CA,2025-01-15,processing,XN-AG',
          'XN-2,Two LLC,Two Cafe,5812,CA,2025-01-15,processing,',
          'XN-3,Three LLC,Three Cafe,5812,CA,2025-01-15,processing,XN-SI', // line 4: a sub-ISO is no agent
          '',
        ].join('\n'),
      });
      expect(merchants.result).toEqual({ total: 3, loaded: 2, rejected: 1, refused: false });
      expect(await books()).toEqual({ 'XN-1': 'XN-AG/XN-SI', 'XN-2': 'null/null' });

      const moved = [
        uploadHeader('portfolio_nodes'),
        'XN-SI2,,sub_iso,Second Sub-ISO',
        'XN-AG,XN-SI2,agent,Cross Agent',
        '',
      ];
      await loadBoth({
        uploadId: 9103,
        kind: 'portfolio_nodes',
        rejectWholeFile: false,
        removing: [9101],
        text: moved.join('\n'),
      });
      expect(await books()).toEqual({ 'XN-1': 'XN-AG/XN-SI2', 'XN-2': 'null/null' });

      // A version without the agent a user is scoped to: refused on both, nothing changed.
      for (const engine of [duckdb, clickhouse]) {
        const path = join(dir, `${engine.name}-9104.csv`);
        writeFileSync(path, [uploadHeader('portfolio_nodes'), 'XN-SI2,,sub_iso,Second Sub-ISO', ''].join('\n'));
        const request = {
          orgId: scope.orgId,
          uploadId: 9104,
          kind: 'portfolio_nodes' as const,
          path,
          rejectWholeFile: false,
        };
        await expect(engine.loadUpload!({ ...request, removing: [9103], scopedNodes: ['XN-AG'] })).rejects.toThrow(
          ScopedNodeError,
        );
        await expect(engine.removeUploads!(scope.orgId, [9103], ['XN-AG'])).rejects.toThrow(ScopedNodeError);
      }
      expect(await books()).toEqual({ 'XN-1': 'XN-AG/XN-SI2', 'XN-2': 'null/null' });

      // Rolled back: the first version again, the books as they were; then both gone, the organisation as before.
      await loadBoth({
        uploadId: 9101,
        kind: 'portfolio_nodes',
        rejectWholeFile: false,
        removing: [9103],
        text: hierarchy,
      });
      expect(await books()).toEqual({ 'XN-1': 'XN-AG/XN-SI', 'XN-2': 'null/null' });
      for (const engine of [duckdb, clickhouse]) await engine.removeUploads!(scope.orgId, [9101]);
      expect(await books()).toEqual({ 'XN-1': 'null/null', 'XN-2': 'null/null' });
      for (const engine of [duckdb, clickhouse]) await engine.removeUploads!(scope.orgId, [9102]);
      expect(await gsvByMerchant()).toEqual(before);
    }, 240_000);

    it('load Schedule A, splits and adjustments alike, with the same rejects, and give the same statements; removed, the same as before', async () => {
      const { duckdb, clickhouse } = engines();
      const month = '2026-08';
      const [agent] = await duckdb.withConnection(async (c) =>
        (
          await c.runAndReadAll(
            `select code from portfolio_nodes where org_id = ${scope.orgId} and kind = 'agent' and upload_id is null order by code limit 1`,
          )
        )
          .getRowsJS()
          .map((row) => String(row[0])),
      );
      const statements = async () => {
        const question = { kind: 'statement' as const, month, node: agent! };
        const [expected, actual] = [
          await duckdb.residuals(question, scope),
          await clickhouse.residuals(question, scope),
        ];
        expect(actual).toEqual(expected);
        return expected;
      };
      const before = await statements();
      const rows = (kind: UploadKind, lines: string[]) => [uploadHeader(kind), ...lines, ''].join('\n');
      const loads = [
        await loadBoth({
          uploadId: 9201,
          kind: 'schedule_a',
          rejectWholeFile: false,
          removing: [],
          text: rows('schedule_a', [
            `${agent},merchant_account,per_merchant_month,7.25,${month}-01`,
            `NOPE,x,bps_of_volume,1,${month}-01`,
          ]),
        }),
        await loadBoth({
          uploadId: 9202,
          kind: 'residual_splits',
          rejectWholeFile: false,
          removing: [],
          text: rows('residual_splits', [
            `${agent},,96,net,zero,${month}-01,,`,
            `${agent},,20,gross,pass,${month}-01,,`,
          ]),
        }),
        await loadBoth({
          uploadId: 9203,
          kind: 'residual_adjustments',
          rejectWholeFile: false,
          removing: [],
          text: rows('residual_adjustments', [
            `2026-08,${agent},,expense,12.34,Terminal`,
            `2026-08,NOPE,,expense,1.00,x`,
          ]),
        }),
      ];
      expect(loads.map((load) => load.result)).toEqual(
        [1, 2, 3].map(() => ({ total: 2, loaded: 1, rejected: 1, refused: false })),
      );
      const after = await statements();
      expect(after!.lines.every((line) => line.scheduleA === 7.25)).toBe(true);
      expect(after!.lines.some((line) => line.sharePct === 20)).toBe(true);
      expect(after!.adjustments).toContainEqual({ mid: null, kind: 'expense', amount: 12.34, memo: 'Terminal' });
      for (const engine of [duckdb, clickhouse]) await engine.removeUploads!(scope.orgId, [9201, 9202, 9203]);
      expect(await statements()).toEqual(before);
    }, 240_000);

    it('add a dispute’s ruling alike, with the same rejects and timelines; removed, the same as before', async () => {
      const { duckdb, clickhouse } = engines();
      // the disputes' last events and the data's last day, read on DuckDB (ClickHouse must agree through the timelines)
      const read = (sql: string) =>
        duckdb.withConnection(async (c) => (await c.runAndReadAll(sql)).getRowsJS().map((row) => row.map(String)));
      const today = (
        await read(
          `select coalesce(last_day, last_day(end_month))::varchar from datasets where org_id = ${scope.orgId}`,
        )
      )[0]![0];
      const last =
        await read(`select chargeback_id, arg_max(event, seq) from dispute_events where org_id = ${scope.orgId}
        group by chargeback_id order by chargeback_id`);
      const open = last.find(([, event]) => event === 'received')![0];
      const decided = last.find(([, event]) => event === 'ruled_lost')![0];
      const timelines = async () => {
        const question = { kind: 'dispute' as const, chargebackId: Number(open) };
        const [expected, actual] = [await duckdb.disputes(question, scope), await clickhouse.disputes(question, scope)];
        expect(actual).toEqual(expected);
        return expected!.record.events;
      };
      const before = await timelines();
      const { result, rejects } = await loadBoth({
        uploadId: 9301,
        kind: 'dispute_events',
        rejectWholeFile: false,
        removing: [],
        text: [
          uploadHeader('dispute_events'),
          `${open},${today},ruled_won`,
          `${decided},${today},ruled_won`,
          `1,${today},ruled_won`,
          '',
        ].join('\n'),
      });
      expect(result).toEqual({ total: 3, loaded: 1, rejected: 2, refused: false });
      expect(rejects.rows.map((row) => row.reason)).toEqual([
        UPLOAD_REJECT_REASONS.disputeDecided,
        UPLOAD_REJECT_REASONS.unknownDispute,
      ]);
      expect((await timelines()).at(-1)).toMatchObject({ date: today, event: 'ruled_won', seq: before.length + 1 });
      for (const engine of [duckdb, clickhouse]) await engine.removeUploads!(scope.orgId, [9301]);
      expect(await timelines()).toEqual(before);
    }, 240_000);

    disputeOutcomeTests(engines, scope, loadBoth);
  });
}
