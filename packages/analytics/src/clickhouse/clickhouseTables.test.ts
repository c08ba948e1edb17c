import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/createTestDatabase.ts';
import { DIMENSION_TABLES, FACT_TABLES, LEDGER_TABLES, ROLLUP_TABLES, VIEWS } from '../schema/tables.ts';
import { CLICKHOUSE_TABLES, clickhouseTableDdl } from './clickhouseTables.ts';

// In creation order: the view reads the tables before it.
const DUCKDB_STATEMENTS = { ...DIMENSION_TABLES, ...FACT_TABLES, ...ROLLUP_TABLES, ...VIEWS, ...LEDGER_TABLES };
// DuckDB describes every column of a view as nullable; nullability is compared for tables only.
const withoutNullable = (type: string) => type.replace(/^Nullable\((.*)\)$/, '$1');

// The type mapping of the brief, written independently of clickhouseTables.ts so a mistake there shows.
function expectedClickHouseType(duckdbType: string, nullable: boolean): string {
  const decimal = /^DECIMAL\((\d+),(\d+)\)$/.exec(duckdbType);
  const simple: Record<string, string> = {
    VARCHAR: 'String',
    BOOLEAN: 'UInt8',
    INTEGER: 'Int32',
    BIGINT: 'Int64',
    DOUBLE: 'Float64',
    DATE: 'Date',
    TIMESTAMP: "DateTime('UTC')",
  };
  const base = decimal ? `Decimal(${decimal[1]}, ${decimal[2]})` : simple[duckdbType];
  if (!base) throw new Error(`no ClickHouse type expected for DuckDB's ${duckdbType}`);
  return nullable ? `Nullable(${base})` : base;
}

let database: TestDatabase;
const duckdbColumns = new Map<string, string[][]>();

beforeAll(async () => {
  database = await createTestDatabase();
  for (const table of CLICKHOUSE_TABLES) await database.client.command({ query: clickhouseTableDdl(table) });
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  for (const [name, ddl] of Object.entries(DUCKDB_STATEMENTS)) {
    await connection.run(ddl);
    const rows = (await connection.runAndReadAll(`describe ${name}`)).getRowsJson() as string[][];
    duckdbColumns.set(
      name,
      rows.map(([column, type, nullable]) => [column!, expectedClickHouseType(type!, nullable === 'YES')]),
    );
  }
});
afterAll(() => database?.drop());

async function clickhouseColumns(table: string): Promise<string[][]> {
  const result = await database.client.query({ query: `describe table ${table}`, format: 'JSONCompact' });
  return ((await result.json()).data as string[][]).map(([name, type]) => [name!, type!]);
}

describe('CLICKHOUSE_TABLES', () => {
  it('holds every table and view of schema/tables.ts, dimensions first and the datasets ledger last', () => {
    expect(CLICKHOUSE_TABLES.map((table) => table.name)).toEqual(Object.keys(DUCKDB_STATEMENTS));
    expect(CLICKHOUSE_TABLES.at(-1)?.name).toBe('datasets');
  });

  it.each(Object.keys(DUCKDB_STATEMENTS))(
    '%s: same columns, same order, mapped types and nullability as DuckDB',
    async (name) => {
      const strip = (columns: string[][]) => columns.map(([column, type]) => [column, withoutNullable(type!)]);
      if (name in VIEWS) expect(strip(await clickhouseColumns(name))).toEqual(strip(duckdbColumns.get(name)!));
      else expect(await clickhouseColumns(name)).toEqual(duckdbColumns.get(name));
    },
  );

  it("merchant_dim keeps its source columns' nullability: closed_on, as in merchants, and the hierarchy's (a house account has none)", async () => {
    const nullable = (await clickhouseColumns('merchant_dim')).filter(([, type]) => type!.startsWith('Nullable'));
    expect(nullable).toEqual([
      ['closed_on', 'Nullable(Date)'],
      ['agent_code', 'Nullable(String)'],
      ['agent_name', 'Nullable(String)'],
      ['sub_iso_code', 'Nullable(String)'],
      ['sub_iso_name', 'Nullable(String)'],
    ]);
  });

  it('sorts every table by non-null columns it has; per-organisation tables by org_id first, partitioned by org_id', async () => {
    for (const table of CLICKHOUSE_TABLES) {
      const keyColumns = table.orderBy.map((name) => table.columns.find((column) => column.name === name));
      expect(
        keyColumns.every((column) => column && !column.nullable),
        table.name,
      ).toBe(true);
      if (table.scope === 'organisation') expect(table.orderBy[0]).toBe('org_id');
    }
    const result = await database.client.query({
      query: `select name, partition_key, sorting_key from system.tables where database = currentDatabase() order by name`,
      format: 'JSONCompact',
    });
    const keys = new Map(
      ((await result.json()).data as string[][]).map(([name, partition, sorting]) => [name, { partition, sorting }]),
    );
    for (const table of CLICKHOUSE_TABLES) {
      expect(keys.get(table.name)).toEqual({
        partition: table.scope === 'organisation' ? 'org_id' : '',
        sorting: table.orderBy.join(', '),
      });
    }
  });

  it('keeps DuckDB defaults: a merchant inserted without is_bad_actor is not a bad actor', async () => {
    const merchants = CLICKHOUSE_TABLES.find((table) => table.name === 'merchants')!;
    const columns = merchants.columns.filter((column) => column.name !== 'is_bad_actor' && !column.nullable);
    const value = { varchar: "'x'", date: "'2024-01-01'", boolean: '0' } as Record<string, string>;
    await database.client.command({
      query: `insert into merchants (${columns.map((column) => column.name).join(', ')}) values (${columns.map((column) => value[column.type.kind] ?? '1').join(', ')})`,
    });
    const result = await database.client.query({ query: 'select is_bad_actor from merchants', format: 'JSONCompact' });
    expect((await result.json()).data).toEqual([[0]]);
  });
});
