import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { QueryColumn } from '@payportal/shared/analytics';
import { describe, expect, it } from 'vitest';
import { CSV_COPY_OPTIONS, csvRowsSql } from './csvCellSql.ts';

const columns: QueryColumn[] = [
  { name: 'n', label: 'N', type: 'number', format: null },
  { name: 't', label: 'T', type: 'string', format: null },
  { name: 'b', label: 'B', type: 'boolean', format: null },
];

/** Each row's cells through csvRowsSql and DuckDB's COPY, as the file's lines. */
async function copied(rows: string, neutralise: boolean): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'csv-cells-'));
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const path = join(dir, 'cells.csv');
    await connection.run(`copy (${csvRowsSql(columns, neutralise, rows)}) to '${path}' (${CSV_COPY_OPTIONS})`);
    return (await readFile(path, 'utf8')).split('\r\n').slice(0, -1);
  } finally {
    connection.closeSync();
    instance.closeSync();
    await rm(dir, { recursive: true, force: true });
  }
}

describe('CSV cells written by DuckDB (the API encoder’s rules, csvFormat.ts)', () => {
  it('[X11] writes numbers in plain decimal notation with the shortest digits, never an exponent or a trailing .0', async () => {
    const numbers = [
      '100',
      '-0.5',
      '1234567.89',
      '0.00000015',
      '-0.000012',
      '1e21',
      '1e16',
      '12345678901234568',
      '0.1',
      "'nan'",
      "'inf'",
      'null',
      '-0.0',
    ];
    const lines = await copied(
      `values ${numbers.map((value) => `(cast(${value} as double), 'x', true)`).join(', ')}`,
      true,
    );
    expect(lines.map((line) => line.split(',')[0])).toEqual([
      '100',
      '-0.5',
      '1234567.89',
      '0.00000015',
      '-0.000012',
      '1000000000000000000000',
      '10000000000000000',
      '12345678901234568',
      '0.1',
      '',
      '',
      '',
      '0',
    ]);
  });

  it('[X11] writes numbers at the edges of DuckDB’s plain form alike: whole below and from 1e15, and from 1e-4 down', async () => {
    const numbers = [
      '0.0001',
      '0.00009999',
      '-0.0001',
      '999999999999999.9',
      '123456789012345',
      '-999999999999999',
      '1e15',
      '4503599627370496',
      '9007199254740993',
      '0.5e-4',
    ];
    const lines = await copied(
      `values ${numbers.map((value) => `(cast(${value} as double), 'x', true)`).join(', ')}`,
      true,
    );
    expect(lines.map((line) => line.split(',')[0])).toEqual([
      '0.0001',
      '0.00009999',
      '-0.0001',
      '999999999999999.9',
      '123456789012345',
      '-999999999999999',
      '1000000000000000',
      '4503599627370496',
      '9007199254740992',
      '0.00005',
    ]);
  });

  it('[X11] quotes as RFC 4180, writes empty text and null alike, and booleans as words', async () => {
    const lines = await copied(
      `values (1, 'Bob''s "Bar", Inc.', false), (2, '', null), (3, null, true), (4, 'two\nlines', true)`,
      true,
    );
    expect(lines).toEqual(['1,"Bob\'s ""Bar"", Inc.",false', '2,,', '3,,true', '4,"two\nlines",true']);
  });

  it('[X12] neutralises text that starts like a formula, unless asked not to', async () => {
    const cells = ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR', 'plain'];
    const rows = `values ${cells.map((cell, index) => `(${index}, '${cell.replaceAll("'", "''")}', true)`).join(', ')}`;
    expect((await copied(rows, true)).map((line) => line.slice(line.indexOf(',') + 1, line.lastIndexOf(',')))).toEqual([
      '"\'=HYPERLINK(""http://x"")"',
      "'+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      '"\'\rCR"',
      'plain',
    ]);
    expect(await copied(`values (1, '=1+1', true)`, false)).toEqual(['1,=1+1,true']);
  });
});
