// The same SF 0.1 data in DuckDB and in a real ClickHouse 18.16 server (crossEngine.test.ts) or a
// two-shard cluster of them (crossEngineCluster.slow.test.ts), and the whole
// catalogue asked of both (and the merchant-level page and the optimizer: crossEngineMerchantPage.ts,
// crossEngineOptimizer.ts): every measure by every dimension that can split it, every granularity and
// date preset, filters of every operator, order and limit, exports, the compound value searches, and
// hostile strings. Every label must be equal, money to the cent, counts exactly, ratios to 1e-9.
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  COMPOUND_SEARCHES,
  DATE_RANGE_PRESETS,
  DIMENSION_IDS,
  MEASURE_IDS,
  MEASURES,
  TIME_GRANULARITIES,
  VALUE_DIMENSION_IDS,
  queryDescriptionSchema,
  type DimensionId,
  type MeasureId,
  type QueryCell,
  type QueryDescription,
  type QueryDescriptionInput,
  type QueryFilter,
  type QueryResult,
} from '@payportal/shared/analytics';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import { CLICKHOUSE_TABLES } from '../src/clickhouse/clickhouseTables.ts';
import { copyFromDuckDB, type ClickHouseTarget } from '../src/clickhouse/copyFromDuckDB.ts';
import { queryRows } from '../src/clickhouse/runClickHouseQuery.ts';
import { clickhouseDialect } from '../src/compiler/clickhouseDialect.ts';
import { openCachedEngine } from './datasetCache.ts';
import { compileQuery } from '../src/compiler/compileQuery.ts';
import type { ValuesRequest } from '../src/compiler/compileValues.ts';
import { duckdbDialect } from '../src/compiler/duckdbDialect.ts';
import { QueryError } from '../src/compiler/queryError.ts';
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import type { QueryOptions } from '../src/engine.ts';
import { merchantPageTests } from './crossEngineMerchantPage.ts';
import { optimizerTests } from './crossEngineOptimizer.ts';
import { uploadTests } from './crossEngineUploads.ts';

const ORG = 1;
/** A second, smaller organisation in the same tables: its rows must never reach ORG's answers. */
const OTHER_ORG = 2;
const endMonth = '2026-10-01';
// Pinned inside the data's last month, so every date preset (last 7 days … last year) has rows.
const scope = { orgId: ORG, today: '2026-10-20' };

const ROW_CAP = 100_000;

/** Names the generator never makes (it writes ASCII), put on a few merchants before the copy. */
const UNICODE_NAMES = [
  'KIOSK İSTANBUL', // KELVIN SIGN and I WITH DOT: their lower case is ASCII in DuckDB, not in 18.16
  'STRAẞE Café Ωmega Å', // capital sharp s, OHM SIGN, ANGSTROM SIGN
  'ᏣᎳᎩ Ⓐrts Ⅻ ǅemal', // Cherokee, circled and roman capitals, a title-case digraph
  'Ｆｕｌｌｗｉｄｔｈ ＭＡＲＴ ÄÖÜ Ελλάδα ЖУК',
  "O'Brien \\ Sons; -- /* */ %_",
];

/** The ClickHouse side of the comparison: a database on one server, or on every shard of a cluster. */
export interface ClickHouseUnderTest {
  /** Where the rows are copied: the database's client, or the cluster's shards. */
  target: ClickHouseTarget;
  /** The database on the server queries are sent to. */
  client: ClickHouseClient;
  /** An engine over it, without an answer cache. */
  connect(): Promise<ClickHouseEngine>;
  drop(): Promise<void>;
}

export function crossEngineSuite(label: string, open: () => Promise<ClickHouseUnderTest>): void {
  let duckdb: DuckDBEngine;
  let clickhouse: ClickHouseEngine;
  let database: ClickHouseUnderTest;
  const timings: string[] = [];

  beforeAll(async () => {
    const started = performance.now();
    database = await open();
    const datasets = [
      { orgId: ORG, scaleFactor: 0.1, endMonth },
      { orgId: OTHER_ORG, scaleFactor: 0.01, endMonth },
    ];
    duckdb = await openCachedEngine(datasets, { cacheEntries: 0 });
    for (const dataset of datasets) expect(await duckdb.ensureDataset(dataset)).toBe('reused');
    await duckdb.withConnection(renameSomeMerchants);
    const generated = performance.now();
    await duckdb.withConnection((connection) =>
      copyFromDuckDB(connection, database.target, { orgIds: [ORG, OTHER_ORG] }),
    );
    clickhouse = await database.connect();
    timings.push(`generated in ${seconds(generated - started)}, copied in ${seconds(performance.now() - generated)}`);
  });
  afterAll(async () => {
    await clickhouse?.close();
    await duckdb?.close();
    await database?.drop();
    if (timings.length) console.log(`crossEngine (${label}): ${timings.join('; ')}`);
  });

  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  async function renameSomeMerchants(connection: DuckDBConnection): Promise<void> {
    for (const [index, name] of UNICODE_NAMES.entries()) {
      await connection.run(
        `update merchants set dba_name = $1 where org_id = ${ORG} and mid = (select mid from merchants where org_id = ${ORG} order by mid limit 1 offset ${index * 7})`,
        [name],
      );
    }
  }

  const parse = (input: QueryDescriptionInput) => queryDescriptionSchema.parse(input);

  /** The same description asked of both engines. */
  async function both(
    description: QueryDescription,
    options: QueryOptions = {},
    orgScope = scope,
  ): Promise<[QueryResult, QueryResult]> {
    const withCap = { rowCap: ROW_CAP, ...options };
    return Promise.all([
      duckdb.query(description, orgScope, withCap),
      clickhouse.query(description, orgScope, withCap),
    ]);
  }

  function sameCell(expected: QueryCell, actual: QueryCell, format: string | null): boolean {
    if (typeof expected !== 'number' || typeof actual !== 'number') return Object.is(expected, actual);
    if (format === 'money') return Math.abs(expected - actual) < 0.005;
    if (format === 'count') return expected === actual;
    return Math.abs(expected - actual) <= 1e-9 * Math.max(Math.abs(expected), Math.abs(actual));
  }

  /** Equal columns, row order, labels and numbers; returns DuckDB's row count for "not vacuous" checks. */
  function expectSame([expected, actual]: [QueryResult, QueryResult], what: string): number {
    expect(actual.columns, what).toEqual(expected.columns);
    expect({ rowCount: actual.rowCount, truncated: actual.truncated, source: actual.source }, what).toEqual({
      rowCount: expected.rowCount,
      truncated: expected.truncated,
      source: expected.source,
    });
    const differences: string[] = [];
    expected.rows.forEach((row, rowIndex) =>
      row.forEach((cell, columnIndex) => {
        const column = expected.columns[columnIndex]!;
        const other = actual.rows[rowIndex]![columnIndex]!;
        if (!sameCell(cell, other, column.format))
          differences.push(
            `row ${rowIndex} ${column.name}: DuckDB ${JSON.stringify(cell)}, ClickHouse ${JSON.stringify(other)}`,
          );
      }),
    );
    expect(differences.slice(0, 10), `${what}: ${differences.length} differences`).toEqual([]);
    return expected.rowCount;
  }

  /** Asked of the raw facts, and again as the API asks (rollup auto) when that reads the rollup instead. */
  async function expectSameAnswers(input: QueryDescriptionInput, what: string): Promise<number> {
    const description = parse(input);
    const rows = expectSame(await both(description, { rollup: 'never' }), `${what}, raw`);
    if (compileQuery(description, scope, duckdbDialect, { rowCap: 1 }).source === 'rollup')
      expectSame(await both(description, { rollup: 'auto' }), `${what}, rollup`);
    return rows;
  }

  /** The measures the compiler lets `dimensions` split (the others are a 400 in both dialects alike). */
  function answerableMeasures(dimensions: DimensionId[]): MeasureId[] {
    const compiles = (measure: MeasureId, dialect: typeof duckdbDialect) => {
      try {
        compileQuery(parse({ measures: [measure], dimensions }), scope, dialect, { rowCap: 1 });
        return true;
      } catch (error) {
        if (error instanceof QueryError) return false;
        throw error;
      }
    };
    const measures = MEASURE_IDS.filter((measure) => compiles(measure, duckdbDialect));
    expect(MEASURE_IDS.filter((measure) => compiles(measure, clickhouseDialect))).toEqual(measures);
    return measures;
  }

  const DIMENSIONS_BUT_DATE = DIMENSION_IDS.filter((dimension) => dimension !== 'date');

  describe('the catalogue on DuckDB and ClickHouse', () => {
    it('has every measure in total, from the raw facts and the rollup', async () => {
      expect(await expectSameAnswers({ measures: MEASURE_IDS }, 'every measure')).toBe(1);
    });

    it.each(DIMENSIONS_BUT_DATE)('has every measure %s can split, by it', async (dimension) => {
      const measures = answerableMeasures([dimension]);
      // the dispute dimensions live on the chargebacks and the disputes alone: their counts, amounts and rates.
      const disputeOnly = ['dispute_category', 'network', 'dispute_stage', 'reason_code'].includes(dimension);
      expect(measures.length).toBeGreaterThan(disputeOnly ? 1 : 10);
      expect(await expectSameAnswers({ measures, dimensions: [dimension] }, `by ${dimension}`)).toBeGreaterThan(1);
    });

    it.each(TIME_GRANULARITIES)('has every measure by %s, also split by region', async (granularity) => {
      expect(
        await expectSameAnswers(
          { measures: MEASURE_IDS, timeDimension: { dimension: 'date', granularity } },
          `by ${granularity}`,
        ),
      ).toBeGreaterThan(0);
      const byRegion = {
        measures: MEASURE_IDS,
        dimensions: ['region' as const],
        timeDimension: {
          dimension: 'date' as const,
          granularity,
          dateRange: ['2026-01-01', '2026-06-30'] as [string, string],
        },
      };
      expect(await expectSameAnswers(byRegion, `by region and ${granularity}`)).toBeGreaterThan(3);
    });

    it.each(DATE_RANGE_PRESETS)('resolves %s against the same today', async (dateRange) => {
      expect(
        await expectSameAnswers({ measures: MEASURE_IDS, timeDimension: { dimension: 'date', dateRange } }, dateRange),
      ).toBe(1);
      expect(
        await expectSameAnswers(
          {
            measures: ['gsv', 'chargebacks', 'attrition'],
            timeDimension: { dimension: 'date', granularity: 'week', dateRange },
          },
          `${dateRange} by week`,
        ),
      ).toBeGreaterThan(0);
    });

    it('has every measure of a card dimension split by two and three dimensions, ordered and cut', async () => {
      const measures = answerableMeasures(['industry_group', 'card_brand', 'channel']);
      expect(
        await expectSameAnswers(
          { measures, dimensions: ['industry_group', 'card_brand', 'channel'] },
          'three dimensions',
        ),
      ).toBeGreaterThan(50);
      const cut = parse({
        measures: ['gsv', 'vamp_ratio', 'avg_ticket'],
        dimensions: ['merchant'],
        order: [{ member: 'vamp_ratio', direction: 'desc' }],
        limit: 10,
      });
      const [duckdbCut, clickhouseCut] = await both(cut);
      expectSame([duckdbCut, clickhouseCut], 'top 10 merchants by VAMP ratio');
      expect(clickhouseCut.truncated).toBe(true);
      const ascending = {
        measures: ['avg_ticket' as const],
        dimensions: ['state' as const, 'size_tier' as const],
        order: [{ member: 'state' as const, direction: 'desc' as const }, { member: 'avg_ticket' as const }],
        limit: 40,
      };
      expect(await expectSameAnswers(ascending, 'by state descending, then average ticket')).toBe(40);
    });

    it('answers a question the data cannot answer with the same 400 in both dialects', () => {
      const description = parse({ measures: ['chargeback_ratio'], dimensions: ['decline_code'] });
      const refusal = (dialect: typeof duckdbDialect) => {
        try {
          compileQuery(description, scope, dialect, { rowCap: 1 });
        } catch (error) {
          return error instanceof QueryError ? error.issues : error;
        }
        return null;
      };
      expect(refusal(clickhouseDialect)).toEqual(refusal(duckdbDialect));
      expect(refusal(duckdbDialect)).not.toBeNull();
    });
  });

  describe('filters of every operator', () => {
    const filter = (
      member: QueryFilter['member'],
      operator: QueryFilter['operator'],
      values: (string | number | boolean)[] = [],
    ) => ({ member, operator, values });
    const CASES: [string, QueryDescriptionInput][] = [
      ['equals on a card column', { dimensions: ['card_type'], filters: [filter('card_brand', 'equals', ['visa'])] }],
      ['equals on a merchant attribute', { dimensions: ['state'], filters: [filter('region', 'equals', ['West'])] }],
      [
        'notEquals keeps the rows without a value',
        { dimensions: ['decline_code'], filters: [filter('decline_code', 'notEquals', ['05'])] },
      ],
      [
        'in',
        {
          dimensions: ['industry'],
          filters: [filter('industry_group', 'in', ['Retail', 'Food & Dining', 'no such group'])],
        },
      ],
      ['notIn', { dimensions: ['entry_mode'], filters: [filter('entry_mode', 'notIn', ['chip', 'swipe'])] }],
      ['set', { dimensions: ['card_brand'], filters: [filter('decline_code', 'set')] }],
      ['notSet', { dimensions: ['card_brand'], filters: [filter('decline_code', 'notSet')] }],
      [
        'contains, several values',
        { dimensions: ['merchant_name'], filters: [filter('merchant_name', 'contains', ['MAPLE', 'oak', 'Shop'])] },
      ],
      ['contains on a code', { dimensions: ['industry'], filters: [filter('industry', 'contains', ['58'])] }],
      ['a boolean', { dimensions: ['card_brand'], filters: [filter('cross_border', 'equals', [true])] }],
      ['a boolean, not equal', { filters: [filter('cross_border', 'notEquals', [true])] }],
      [
        'date gt',
        { timeDimension: { dimension: 'date', granularity: 'month' }, filters: [filter('date', 'gt', ['2026-06-30'])] },
      ],
      [
        'date gte and lt',
        {
          timeDimension: { dimension: 'date', granularity: 'month' },
          filters: [filter('date', 'gte', ['2026-02-01']), filter('date', 'lt', ['2026-05-01'])],
        },
      ],
      ['date lte', { filters: [filter('date', 'lte', ['2025-12-31'])] }],
      [
        'date between',
        {
          timeDimension: { dimension: 'date', granularity: 'week' },
          filters: [filter('date', 'between', ['2026-01-01', '2026-03-31'])],
        },
      ],
      ['date equals', { dimensions: ['channel'], filters: [filter('date', 'equals', ['2026-03-14'])] }],
      [
        'date in',
        {
          timeDimension: { dimension: 'date', granularity: 'day' },
          filters: [filter('date', 'in', ['2026-03-14', '2026-07-04', '2026-12-25'])],
        },
      ],
      ['a measure gt', { dimensions: ['merchant'], filters: [filter('gsv', 'gt', [100_000])] }],
      ['a measure between', { dimensions: ['merchant'], filters: [filter('approval_rate', 'between', [0.8, 0.95])] }],
      ['a measure equals zero', { dimensions: ['merchant'], filters: [filter('chargebacks', 'equals', [0])] }],
      ['a measure notEquals', { dimensions: ['merchant'], filters: [filter('chargebacks', 'notEquals', [0])] }],
      ['a measure lt a negative', { dimensions: ['merchant'], filters: [filter('net_revenue', 'lt', [-1])] }],
      [
        'a measure gte and lte',
        {
          dimensions: ['industry_group'],
          filters: [filter('chargeback_ratio', 'gte', [0.001]), filter('chargeback_ratio', 'lte', [0.05])],
        },
      ],
      ['a filter that leaves nothing, in total', { filters: [filter('merchant', 'equals', ['no such merchant'])] }],
      [
        'a filter that leaves nothing, split',
        { dimensions: ['channel'], filters: [filter('merchant', 'equals', ['no such merchant'])] },
      ],
      [
        'a date range without data',
        { timeDimension: { dimension: 'date', granularity: 'month', dateRange: ['2020-01-01', '2020-03-31'] } },
      ],
      [
        'a date range from 1900 to 2199 (outside 18.16’s Date)',
        { timeDimension: { dimension: 'date', dateRange: ['1900-01-01', '2199-12-31'] } },
      ],
      [
        'date filters outside 18.16’s Date',
        { filters: [filter('date', 'gt', ['1969-12-31']), filter('date', 'lt', ['2106-01-01'])] },
      ],
      [
        'attrition in the periods of 1970 (day 0 prints as 0000-00-00 in 18.16)',
        { timeDimension: { dimension: 'date', granularity: 'year', dateRange: ['1970-01-01', '1971-12-31'] } },
      ],
    ];

    it.each(CASES)('%s', async (what, input) => {
      const dimensions = (input.dimensions ?? []) as DimensionId[];
      const measureFilters = (input.filters ?? [])
        .filter((item) => item.member in MEASURES)
        .map((item) => item.member as MeasureId);
      const filtered = (input.filters ?? [])
        .map((item) => item.member)
        .filter((member): member is DimensionId => !(member in MEASURES) && member !== 'date');
      const measures = answerableMeasures([...new Set([...dimensions, ...filtered])]);
      await expectSameAnswers({ measures: [...new Set([...measureFilters, ...measures])], ...input }, what);
    });
  });

  describe('exports', () => {
    it('stream every row of a large answer, the same on both engines and as a query', async () => {
      const description = parse({
        measures: ['gsv', 'transactions', 'approval_rate'],
        dimensions: ['merchant', 'card_brand', 'entry_mode'],
        timeDimension: { dimension: 'date', granularity: 'day' },
      });
      const streamed = async (engine: DuckDBEngine | ClickHouseEngine) => {
        const rows: QueryCell[][] = [];
        const count = await engine.stream(description, scope, (page) => void rows.push(...page));
        expect(count).toBe(rows.length);
        return rows;
      };
      const [duckdbRows, clickhouseRows] = await Promise.all([streamed(duckdb), streamed(clickhouse)]);
      expect(duckdbRows.length).toBeGreaterThan(30_000);
      const columns = compileQuery(description, scope, duckdbDialect, { rowCap: 1 }).columns;
      const asResult = (rows: QueryCell[][]): QueryResult => ({
        columns,
        rows,
        rowCount: rows.length,
        truncated: false,
        source: 'rollup',
        dataVersion: '',
      });
      expectSame([asResult(duckdbRows), asResult(clickhouseRows)], 'streamed');
      const queried = await clickhouse.query(description, scope, { rowCap: 500 });
      expect(queried.truncated).toBe(true);
      expect(clickhouseRows.slice(0, 500)).toEqual(queried.rows);
      // The builder's estimate: the rows the stream hands over, and one more than the cap when cut.
      expect(await clickhouse.count(description, scope)).toBe(clickhouseRows.length);
      expect(await clickhouse.count(description, scope, { rowCap: 500 })).toBe(501);
    });
  });

  describe('values for the compound searches', () => {
    const valuesOf = (request: ValuesRequest, orgScope = scope) =>
      Promise.all([duckdb.values(request, orgScope), clickhouse.values(request, orgScope)]);

    it.each(VALUE_DIMENSION_IDS)('lists %s the same', async (dimension) => {
      const [expected, actual] = await valuesOf({ dimension, limit: 200 });
      expect(actual).toEqual(expected);
      // SF 0.1 sells through two sub-ISOs (max(2, ⌈merchants ÷ 500⌉), GENERATOR.md)
      expect(expected.length).toBeGreaterThan(dimension === 'sub_iso' ? 1 : 3);
    });

    it.each(COMPOUND_SEARCHES)(
      'finds the same $child of every $parent, with and without a search',
      async ({ parent, child }) => {
        const parents = await duckdb.values({ dimension: parent, limit: 200 }, scope);
        for (const { value } of parents) {
          const [expected, actual] = await valuesOf({
            dimension: child as ValuesRequest['dimension'],
            parent: value,
            limit: 200,
          });
          expect(actual, `${child} of ${value}`).toEqual(expected);
          expect(expected.length, `${child} of ${value}`).toBeGreaterThan(0);
          const search = expected[0]!.label.split(' ')[1]!.slice(0, 3).toUpperCase();
          const [found, foundToo] = await valuesOf({
            dimension: child as ValuesRequest['dimension'],
            parent: value,
            search,
            limit: 200,
          });
          expect(foundToo, `${child} of ${value} matching ${search}`).toEqual(found);
          expect(found.length).toBeGreaterThan(0);
        }
      },
    );

    it('searches merchants of the caller only', async () => {
      for (const search of ['maple', 'OAK', '8', 'x', ' ']) {
        for (const orgScope of [scope, { ...scope, orgId: OTHER_ORG }]) {
          const [expected, actual] = await valuesOf({ dimension: 'merchant', search, limit: 200 }, orgScope);
          expect(actual, `${search} for org ${orgScope.orgId}`).toEqual(expected);
        }
      }
    });
  });

  describe('organisations', () => {
    it('answer each organisation from its own rows only, on both engines', async () => {
      const description = parse({ measures: ['gsv', 'transactions', 'attrition'], dimensions: ['industry_group'] });
      const [own] = await both(description);
      const [duckdbOther, clickhouseOther] = await both(description, {}, { ...scope, orgId: OTHER_ORG });
      expectSame([duckdbOther, clickhouseOther], 'the other organisation');
      const total = (result: QueryResult) => result.rows.reduce((sum, row) => sum + Number(row[1]), 0);
      expect(total(clickhouseOther)).toBeGreaterThan(0);
      expect(total(clickhouseOther)).toBeLessThan(total(own) / 5);
      const [duckdbNone, clickhouseNone] = await both(description, {}, { ...scope, orgId: 99 });
      expectSame([duckdbNone, clickhouseNone], 'an organisation without data');
      expect(clickhouseNone.rows).toEqual([]);
    });
  });

  merchantPageTests(() => ({ duckdb, clickhouse }), scope, { ...scope, orgId: OTHER_ORG }, expectSame);
  optimizerTests(() => ({ duckdb, clickhouse }), scope);

  describe('case-insensitive contains', () => {
    // The sweep over every code point that justifies LOWER_CASE_EXCEPTIONS is in the slow tier:
    // codePointLowerCase.slow.test.ts.
    const SEARCHES = [
      'k',
      'K',
      'K',
      'kiosk',
      'i',
      'İ',
      'İSTANBUL',
      'istanbul',
      'ß',
      'ẞ',
      'straße',
      'STRASSE',
      'ω',
      'Ω',
      'Ω',
      'å',
      'Å',
      'Å',
      'ꮳ',
      'Ꮳ',
      'ᏣᎳᎩ',
      'ⓐ',
      'Ⓐrts',
      'ⅻ',
      'Ⅻ',
      'ǆ',
      'ǅ',
      'Ǆemal',
      'é',
      'CAFÉ',
      'ｍａｒｔ',
      'ＭＡＲＴ',
      'äöü',
      'ΕΛΛΆΔΑ',
      'жук',
      "o'brien",
      '\\',
      '\\ sons',
      '--',
      '/*',
      '%',
      '_',
      '%_',
    ];

    it.each(SEARCHES)('finds the same merchants for %j, in a filter and in the merchant search', async (search) => {
      const description = parse({
        measures: ['gsv', 'transactions'],
        dimensions: ['merchant_name'],
        filters: [{ member: 'merchant_name', operator: 'contains', values: [search] }],
      });
      expectSame(await both(description, { rollup: 'never' }), `contains ${search}`);
      const request = { dimension: 'merchant' as const, search, limit: 200 };
      expect(await clickhouse.values(request, scope)).toEqual(await duckdb.values(request, scope));
    });

    it('finds the renamed merchants at all (the searches above are not vacuous)', async () => {
      for (const [search, name] of [
        ['k', 'KIOSK'],
        ['straße', 'STRAẞE'],
        ['ꮳꮃ', 'ᏣᎳᎩ'],
        ['ｍａｒｔ', 'ＭＡＲＴ'],
        ["o'brien \\", "O'Brien"],
      ] as const) {
        const found = await clickhouse.values({ dimension: 'merchant', search, limit: 200 }, scope);
        expect(
          found.map((option) => option.label).filter((label) => label.includes(name)),
          search,
        ).toHaveLength(1);
      }
    });
  });

  describe('hostile strings on a real ClickHouse server', () => {
    const HOSTILE = [
      "x' or 1=1 --",
      "'; drop table transactions; --",
      'a"; drop table transactions; --',
      "') or ('1'='1",
      '/* comment */',
      '*/ select 1 /*',
      '-- comment\nselect 1',
      'back\\slash\\',
      "\\'",
      '\\x27 or 1=1',
      'nul\u0000byte',
      '\u0000',
      'ʼ＇‘’＂＼ look-alikes',
      '﹣﹣ －－ ／＊',
      'line\r\nbreak\u2028',
      'FORMAT JSON',
      '{name:String} $1 ? :name',
      '😀👩‍👩‍👧',
      // Past ClickHouse's default max_query_size (256 KiB), the limit a long value would break first.
      'x'.repeat(300_000),
      `${"'\\\n\0ʼ;--/*".repeat(30_000)}`,
    ];
    const stringFilter = (
      member: QueryFilter['member'],
      operator: QueryFilter['operator'],
      values: string[],
    ): QueryFilter => ({ member, operator, values });

    /** A description with the hostile filter set after validation, as compileQuery.test.ts does (300 KB > the schema's 256). */
    const withFilters = (input: QueryDescriptionInput, filters: QueryFilter[]) => ({ ...parse(input), filters });

    let before: unknown[][];
    beforeAll(async () => {
      before = await tableCounts();
    });

    async function tableCounts(): Promise<unknown[][]> {
      const tables = await queryRows(
        database.client,
        'select name from system.tables where database = currentDatabase() order by name',
      );
      const counts = await queryRows(
        database.client,
        `select ${CLICKHOUSE_TABLES.map((table) => `(select count() from ${table.name})`).join(', ')}`,
      );
      return [...tables, ...counts];
    }

    // A merchant attribute (read through the join) and a nullable fact column, with every string operator.
    // A long value costs 18.16 about a second a megabyte per statement to analyse (CLICKHOUSE.md) and the API
    // takes at most 256 characters per value, so the two long values get the three operators that differ most.
    it.each(
      HOSTILE.map((value, index) => [
        index,
        value.length > 60 ? `${value.slice(0, 20)}… (${value.length} characters)` : value,
        value,
      ]),
    )('changes nothing: %i %j', async (_, __, hostile) => {
      const large = hostile.length > 1_000;
      const totals = parse({ measures: ['transactions', 'gsv'] });
      const [duckdbAll, clickhouseAll] = await both(totals);
      for (const member of large ? (['merchant_name'] as const) : (['merchant_name', 'decline_code'] as const)) {
        for (const operator of large ? (['equals', 'contains'] as const) : (['equals', 'in', 'contains'] as const)) {
          const values = operator === 'in' ? [hostile, 'plain'] : [hostile];
          const answers = await both(withFilters(totals, [stringFilter(member, operator, values)]));
          expectSame(answers, `${member} ${operator}`);
          expect(answers[1].rows, `${member} ${operator}`).toEqual([[0, 0]]);
        }
        for (const operator of large ? (['notEquals'] as const) : (['notEquals', 'notIn'] as const)) {
          const answers = await both(withFilters(totals, [stringFilter(member, operator, [hostile])]));
          expect(answers[1].rows, `${member} ${operator}`).toEqual(clickhouseAll.rows);
          expect(answers[0].rows, `${member} ${operator}`).toEqual(duckdbAll.rows);
        }
      }
      if (large) return;
      const split = await both(
        withFilters(parse({ measures: ['gsv'], dimensions: ['merchant_name'] }), [
          stringFilter('merchant_name', 'contains', [hostile]),
        ]),
      );
      expect(split[1].rows).toEqual([]);
      for (const request of [
        { dimension: 'merchant', search: hostile, limit: 50 },
        { dimension: 'state', search: hostile, limit: 50 },
        { dimension: 'industry', parent: hostile, limit: 50 },
      ] as ValuesRequest[]) {
        expect(await clickhouse.values(request, scope)).toEqual([]);
        expect(await duckdb.values(request, scope)).toEqual([]);
      }
    });

    it('left every table as it was', async () => {
      expect(await tableCounts()).toEqual(before);
      expect(before.length).toBeGreaterThan(CLICKHOUSE_TABLES.length);
    });
  });

  // Last: uploads change the organisation's rows (and put them back).
  uploadTests(() => ({ duckdb, clickhouse }), scope, expectSameAnswers);
}
