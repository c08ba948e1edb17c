// Numbers at the edges of a double in a measure filter: every operator a measure takes, with ±1e19,
// ±1e300, 2^53 + 1 and -0, on DuckDB and on a real ClickHouse 18.16 over the same rows. Each value is
// bound as the measure's type (DOUBLE), so both engines answer, agree, and keep exactly the rows the
// comparison means (a whole number past 64 bits was once bound as BIGINT and failed).
import {
  queryDescriptionSchema,
  type MeasureId,
  type QueryFilter,
  type QueryResult,
} from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import { copyFromDuckDB } from '../src/clickhouse/copyFromDuckDB.ts';
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import { openCachedEngine } from './datasetCache.ts';
import { createTestDatabase, type TestDatabase } from './createTestDatabase.ts';

const ORG = 1;
const scope = { orgId: ORG, today: '2026-10-20' };
const EXTREMES = [1e19, -1e19, 1e300, -1e300, 2 ** 53 + 1, -0];
const OPERATORS = ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'between'] as const;
// Money (a decimal sum), a count and a ratio: each compared as a double.
const MEASURES: MeasureId[] = ['gsv', 'transactions', 'approval_rate'];

let duckdb: DuckDBEngine;
let clickhouse: ClickHouseEngine;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // The same cached dataset as the API's badInput and extremeNumbers tests (Acme is organisation 1 there).
  const dataset = { orgId: ORG, scaleFactor: 0.01, endMonth: '2026-10-01' };
  duckdb = await openCachedEngine([dataset], { cacheEntries: 0, threads: 1 });
  expect(await duckdb.ensureDataset(dataset)).toBe('reused');
  await duckdb.withConnection((connection) => copyFromDuckDB(connection, database.client, { orgIds: [ORG] }));
  clickhouse = await ClickHouseEngine.connect({
    url: inject('clickhouseUrl'),
    database: database.name,
    cacheEntries: 0,
  });
});
afterAll(async () => {
  await clickhouse?.close();
  await duckdb?.close();
  await database?.drop();
});

/** What the comparison keeps of a state's figure, computed in JS. */
function keeps(figure: number, operator: (typeof OPERATORS)[number], values: number[]): boolean {
  const [a, b] = values as [number, number];
  switch (operator) {
    case 'equals':
      return figure === a;
    case 'notEquals':
      return figure !== a;
    case 'gt':
      return figure > a;
    case 'gte':
      return figure >= a;
    case 'lt':
      return figure < a;
    case 'lte':
      return figure <= a;
    case 'between':
      return figure >= a && figure <= b;
  }
}

const byState = (result: QueryResult) => new Map(result.rows.map((row) => [String(row[0]), Number(row[1])]));

describe('extreme numbers in measure filters', () => {
  for (const measure of MEASURES) {
    it(`${measure}: every operator with ±1e19, ±1e300, 2^53 + 1 and -0, alike on both engines`, async () => {
      const base = queryDescriptionSchema.parse({
        measures: [measure],
        dimensions: ['state'],
        timeDimension: { dimension: 'date', dateRange: 'last_year' },
      });
      const all = byState(await duckdb.query(base, scope));
      expect(all.size).toBeGreaterThan(3);
      for (const operator of OPERATORS) {
        for (const value of EXTREMES) {
          // between: from the extreme to a wide end, and from a wide start to the extreme
          const valueLists =
            operator === 'between'
              ? [
                  [value, 1e308],
                  [-1e308, value],
                ]
              : [[value]];
          for (const values of valueLists) {
            const filter: QueryFilter = { member: measure, operator, values };
            const description = queryDescriptionSchema.parse({ ...base, filters: [filter] });
            const label = `${measure} ${operator} ${values.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(', ')}`;
            const [fromDuckDB, fromClickHouse] = await Promise.all([
              duckdb.query(description, scope),
              clickhouse.query(description, scope),
            ]);
            const expected = [...all]
              .filter(([, figure]) => keeps(figure, operator, values))
              .map(([state]) => state)
              .sort();
            expect([...byState(fromDuckDB).keys()].sort(), `${label} on DuckDB`).toEqual(expected);
            expect([...byState(fromClickHouse).keys()].sort(), `${label} on ClickHouse`).toEqual(expected);
          }
        }
      }
    });
  }

  it('counts an export of extreme filters on both engines (the estimate)', async () => {
    for (const values of [[1e19], [-1e300], [2 ** 53 + 1], [-0]]) {
      const description = queryDescriptionSchema.parse({
        measures: ['gsv'],
        dimensions: ['state'],
        filters: [{ member: 'gsv', operator: 'lt', values }],
      });
      const [fromDuckDB, fromClickHouse] = await Promise.all([
        duckdb.count(description, scope),
        clickhouse.count(description, scope),
      ]);
      expect(fromClickHouse, `gsv lt ${values[0]}`).toBe(fromDuckDB);
    }
  });
});
