// A hand-made dataset in an in-memory DuckDB, a few rows per table chosen to break a careless copy
// (hostile strings, \N as text next to NULL, extreme decimals, doubles 18.16's parser rounds, fractional
// seconds), copied to a real ClickHouse and read back value by value. The rows are made from the
// columns of tables.ts, so a column a colleague adds is covered without editing this file.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/createTestDatabase.ts';
import { DIMENSION_TABLES, FACT_TABLES, LEDGER_TABLES, ROLLUP_TABLES, VIEWS } from '../schema/tables.ts';
import { CLICKHOUSE_TABLES, type ClickHouseTable } from './clickhouseTables.ts';
import { copyFromDuckDB } from './copyFromDuckDB.ts';
import type { TableColumn } from './tableColumns.ts';

const HOSTILE = [
  '',
  "it's",
  "'; drop table x; --",
  'tab\there',
  'line\nbreak\r\n',
  'ends with a backslash\\',
  '\\t is not a tab, \\n not a newline',
  'nul\0byte',
  'ʼ＇‘’ 😀 👩‍👩‍👧',
  `long ${'x\t\\'.repeat(5_000)}`,
];
const ROWS = 4;

function sample(column: TableColumn, columnIndex: number, row: number): string | null {
  if (column.nullable && row === 1) return null;
  const type = column.type;
  switch (type.kind) {
    case 'varchar':
      // Row 0 is the text \N, which must stay text: only row 1 of a nullable column is NULL.
      return row === 0 ? '\\N' : HOSTILE[(row - 1 + columnIndex) % HOSTILE.length]!;
    case 'boolean':
      return row % 2 ? 'false' : 'true';
    case 'integer':
      return ['0', '2147483647', '-2147483648', '7'][row]!;
    case 'bigint':
      return [String(2n ** 53n + 1n), String(-(2n ** 63n)), String(2n ** 63n - 1n), '0'][row]!;
    case 'double':
      return String([1.66, 5.56, -2.5e-300, Number.MAX_VALUE, 0.1, 1 / 3][(row + columnIndex) % 6]);
    case 'decimal': {
      const max = `${'9'.repeat(type.precision - type.scale)}.${'9'.repeat(type.scale)}`;
      return [max, `-0.${'0'.repeat(type.scale - 1)}1`, '0', `-${max}`][row]!;
    }
    case 'date':
      return ['2024-02-29', '1970-01-02', '2105-12-31', '2000-01-01'][row]!;
    case 'timestamp':
      return ['2024-02-29 23:59:59.999999', '1970-01-02 00:00:00', '2105-12-31 23:59:59', '2024-03-31 02:30:00'][row]!;
  }
}

function duckdbType(column: TableColumn): string {
  return column.type.kind === 'decimal' ? `decimal(${column.type.precision}, ${column.type.scale})` : column.type.kind;
}

async function insertSampleRows(
  connection: DuckDBConnection,
  table: ClickHouseTable,
  orgId: number,
  rows = ROWS,
): Promise<void> {
  const casts = table.columns.map((column, index) => `cast($${index + 1} as ${duckdbType(column)})`);
  for (let row = 0; row < rows; row++) {
    const values = table.columns.map((column, index) =>
      column.name === 'org_id' ? String(orgId) : sample(column, index, row),
    );
    await connection.run(`insert into ${table.name} values (${casts.join(', ')})`, values);
  }
}

async function createDuckDB(): Promise<DuckDBConnection> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  for (const ddl of Object.values({
    ...DIMENSION_TABLES,
    ...FACT_TABLES,
    ...ROLLUP_TABLES,
    ...LEDGER_TABLES,
    ...VIEWS,
  }))
    await connection.run(ddl);
  for (const table of CLICKHOUSE_TABLES) {
    if (table.name in VIEWS) continue;
    if (table.scope === 'shared') await insertSampleRows(connection, table, 0);
    // datasets holds one row per organisation (org_id is its primary key).
    else
      for (const orgId of [1, 2])
        await insertSampleRows(connection, table, orgId, table.name === 'datasets' ? 1 : ROWS);
  }
  // Point the merchants at rows of the dimensions they join, so the merchant_dim view has a row for each.
  await connection.run(
    `update industries set industry_group_id = (select min(industry_group_id) from industry_groups)`,
  );
  await connection.run(`update states set region_id = (select min(region_id) from regions)`);
  await connection.run(`update merchants set mcc = (select min(mcc) from industries), state_code = (select min(state_code) from states),
    pricing_plan_id = (select min(p.pricing_plan_id) from pricing_plans p where p.org_id = merchants.org_id)`);
  return connection;
}

// Each value as text, compared as text: doubles by their bits, timestamps to the second (DateTime's unit).
const bitsOf = (value: number) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  return view.getBigUint64(0).toString();
};

async function duckdbRows(connection: DuckDBConnection, table: ClickHouseTable, where: string): Promise<string[]> {
  const rows = (await connection.runAndReadAll(`select * from ${table.name} where ${where}`)).getRowsJson();
  const text = (column: TableColumn, value: unknown) => {
    if (value === null) return null;
    if (column.type.kind === 'double') return bitsOf(value as number);
    if (column.type.kind === 'boolean') return value ? '1' : '0';
    if (column.type.kind === 'timestamp') return String(value).slice(0, 19);
    return String(value);
  };
  return rows.map((row) => JSON.stringify(table.columns.map((column, index) => text(column, row[index])))).sort();
}

// Read as TabSeparated text, not toString(): 18.16's toString(Decimal128) garbles values of more than
// about 20 digits (CLICKHOUSE.md), while its output formats print them right.
const TSV_ESCAPES: Record<string, string> = {
  b: '\b',
  f: '\f',
  r: '\r',
  n: '\n',
  t: '\t',
  '0': '\0',
  "'": "'",
  '\\': '\\',
};
const unescapeField = (field: string) =>
  field === '\\N' ? null : field.replace(/\\(.)/gs, (_, char: string) => TSV_ESCAPES[char] ?? char);

async function clickhouseRows(database: TestDatabase, table: ClickHouseTable, where: string): Promise<string[]> {
  const select = table.columns.map(({ name, type }) =>
    type.kind === 'double' ? `reinterpretAsUInt64(reinterpretAsString(${name}))` : name,
  );
  const result = await database.client.query({
    query: `select ${select.join(', ')} from ${table.name} where ${where}`,
    format: 'TabSeparated',
  });
  const lines = (await result.text()).split('\n').slice(0, -1);
  return lines.map((line) => JSON.stringify(line.split('\t').map(unescapeField))).sort();
}

async function expectSameRows(
  duckdb: DuckDBConnection,
  database: TestDatabase,
  table: ClickHouseTable,
  where = '1 = 1',
) {
  expect(await clickhouseRows(database, table, where), table.name).toEqual(await duckdbRows(duckdb, table, where));
}

let duckdb: DuckDBConnection;
let database: TestDatabase;
beforeAll(async () => {
  duckdb = await createDuckDB();
});
beforeEach(async () => {
  database = await createTestDatabase();
  return () => database.drop();
});
afterAll(() => duckdb?.closeSync());

describe('copyFromDuckDB', () => {
  it('creates every table and copies every row of the chosen organisations value for value', async () => {
    const report = await copyFromDuckDB(duckdb, database.client, { orgIds: [1, 2] });
    for (const table of CLICKHOUSE_TABLES) {
      await expectSameRows(duckdb, database, table);
      const expectedCount = table.scope === 'shared' ? ROWS : table.name === 'datasets' ? 2 : 2 * ROWS;
      expect(report.rows[table.name], table.name).toBe(expectedCount);
    }
  });

  it('replaces an organisation and the dimensions, leaving other organisations as they were', async () => {
    await copyFromDuckDB(duckdb, database.client, { orgIds: [1, 2] });
    const changed = await createDuckDB();
    await changed.run(`update merchants set legal_name = 'Renamed\tLtd', dba_name = 'Renamed\\' where org_id = 1`);
    await changed.run(`delete from chargebacks where org_id = 1`);
    await changed.run(`delete from transactions where org_id = 2`);
    await changed.run(`delete from decline_codes where code <> '\\N'`);
    await copyFromDuckDB(changed, database.client, { orgIds: [1] });
    for (const table of CLICKHOUSE_TABLES) {
      if (table.scope === 'shared') await expectSameRows(changed, database, table);
      else {
        await expectSameRows(changed, database, table, 'org_id = 1');
        await expectSameRows(duckdb, database, table, 'org_id = 2');
      }
    }
    const counts = await database.client.query({
      query: `select (select count() from chargebacks where org_id = 1), (select count() from decline_codes)`,
      format: 'JSONCompact',
    });
    expect((await counts.json()).data).toEqual([['0', '1']]);
    changed.closeSync();
  });

  it('leaves no staging tables behind, after a copy and after a failed one', async () => {
    await copyFromDuckDB(duckdb, database.client, { orgIds: [1] });
    const broken = await createDuckDB();
    await broken.run('drop table merchant_daily');
    await expect(copyFromDuckDB(broken, database.client, { orgIds: [2] })).rejects.toThrow(/merchant_daily/);
    broken.closeSync();
    const tables = await database.client.query({
      query: 'select name from system.tables where database = currentDatabase() order by name',
      format: 'JSONCompact',
    });
    expect(((await tables.json()).data as string[][]).map(([name]) => name)).toEqual(
      CLICKHOUSE_TABLES.map((table) => table.name).sort(),
    );
  });

  it('refuses organisation ids that are not org_id integers', async () => {
    for (const orgIds of [[1.5], [-1], [2 ** 31], ['1'], 'x'] as unknown as number[][]) {
      await expect(copyFromDuckDB(duckdb, database.client, { orgIds })).rejects.toThrow(
        /orgIds must be an array of org_id integers/,
      );
    }
  });
});
