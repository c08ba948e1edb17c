// Over every Unicode code point: DuckDB's lower() beside ClickHouse's lowerUTF8, whose differences must be
// exactly LOWER_CASE_EXCEPTIONS (duckdbLowerCase.ts), which case-insensitive contains on ClickHouse relies on.
// Moved out of crossEngine.test.ts into the slow tier (`npm run test:slow`): it needs no dataset, only the
// two engines, and asks each for all 1,114,111 code points. crossEngine.test.ts still searches both
// engines for the exceptions' letters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOWER_CASE_EXCEPTIONS } from '../src/clickhouse/duckdbLowerCase.ts';
import { queryRows } from '../src/clickhouse/runClickHouseQuery.ts';
import { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import { createTestDatabase, type TestDatabase } from './createTestDatabase.ts';

let duckdb: DuckDBEngine;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  duckdb = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 0 });
});
afterAll(async () => {
  await duckdb?.close();
  await database?.drop();
});

describe('case-insensitive contains', () => {
  it('has its exceptions exactly where ClickHouse’s lowerUTF8 and DuckDB’s lower() differ, over every code point', async () => {
    // Code point → its lower case, wherever that is not the code point itself, in each engine.
    const duckdbLower = await duckdb.withConnection(async (connection) => {
      const reader = await connection.runAndReadAll(
        'select range::integer, unicode(lower(chr(range::integer))) from range(1, 1114112) where range not between 55296 and 57343 and lower(chr(range::integer)) <> chr(range::integer)',
      );
      return new Map((reader.getRowsJS() as [number, number][]).map(([codePoint, lower]) => [codePoint, lower]));
    });
    const utf8 = (number: string) =>
      `unhex(multiIf(${number} < 128, hex(toUInt8(${number})), ${number} < 2048, concat(hex(toUInt8(192 + intDiv(${number}, 64))), hex(toUInt8(128 + ${number} % 64))), ` +
      `${number} < 65536, concat(hex(toUInt8(224 + intDiv(${number}, 4096))), hex(toUInt8(128 + intDiv(${number}, 64) % 64)), hex(toUInt8(128 + ${number} % 64))), ` +
      `concat(hex(toUInt8(240 + intDiv(${number}, 262144))), hex(toUInt8(128 + intDiv(${number}, 4096) % 64)), hex(toUInt8(128 + intDiv(${number}, 64) % 64)), hex(toUInt8(128 + ${number} % 64)))))`;
    const rows = await queryRows(
      database.client,
      `select toUInt32(number) as code_point, lowerUTF8(text) as lower from (select number, ${utf8('number')} as text from system.numbers limit 1114112) ` +
        'where number > 0 and not (number between 55296 and 57343) and lower != text',
    );
    const clickhouseLower = new Map(
      rows.map(([codePoint, lower]) => [Number(codePoint), String(lower).codePointAt(0)!]),
    );
    const differences: [number, number][] = [];
    for (const codePoint of new Set([...duckdbLower.keys(), ...clickhouseLower.keys()])) {
      const expected = duckdbLower.get(codePoint) ?? codePoint;
      if ((clickhouseLower.get(codePoint) ?? codePoint) !== expected) differences.push([codePoint, expected]);
    }
    differences.sort(([a], [b]) => a - b);
    const exceptions = [...LOWER_CASE_EXCEPTIONS].map(([upper, lower]) => [
      upper.codePointAt(0)!,
      lower.codePointAt(0)!,
    ]);
    expect(duckdbLower.size).toBeGreaterThan(1_000);
    expect(
      exceptions,
      `EXCEPTIONS in duckdbLowerCase.ts should now read: ${JSON.stringify(asRanges(differences))}`,
    ).toEqual(differences);
    // An exception's lower case is never an exception itself, so replacing once is enough.
    expect([...LOWER_CASE_EXCEPTIONS.values()].filter((lower) => LOWER_CASE_EXCEPTIONS.has(lower))).toEqual([]);
  });
});

/** Code point pairs as [first, count, step, delta] runs, the form of EXCEPTIONS in duckdbLowerCase.ts. */
function asRanges(pairs: [number, number][]): number[][] {
  const ranges: { first: number; count: number; step: number; delta: number }[] = [];
  for (const [codePoint, lower] of pairs) {
    const last = ranges.at(-1);
    const gap = last ? codePoint - (last.first + (last.count - 1) * last.step) : 0;
    if (last && lower - codePoint === last.delta && (last.count === 1 ? gap === 1 || gap === 2 : gap === last.step)) {
      if (last.count === 1) last.step = gap;
      last.count++;
    } else ranges.push({ first: codePoint, count: 1, step: 1, delta: lower - codePoint });
  }
  return ranges.map(({ first, count, step, delta }) => [first, count, step, delta]);
}
