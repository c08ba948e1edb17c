// timestampSql reads a time with DuckDB's own cast first and falls back to stripping the offset with a
// regular expression: both must give the clock time as written (the offset dropped) for every form the
// ts rule lets through, and nothing for a time that is not real.
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { timestampSql } from './columnChecksSql.ts';

const FORMS: [string, string | null][] = [
  ['2026-10-03T08:00:00Z', '2026-10-03 08:00:00'],
  ['2026-10-03 08:00:00+02:00', '2026-10-03 08:00:00'],
  ['2026-10-03T23:30:00-05:00', '2026-10-03 23:30:00'],
  ['2026-10-03T08:00Z', '2026-10-03 08:00:00'],
  ['2026-10-03T08:00+0200', '2026-10-03 08:00:00'],
  ['2026-10-03T08:00:00.123456+02', '2026-10-03 08:00:00.123456'],
  ['2026-10-03T08:00:00.5-0530', '2026-10-03 08:00:00.5'],
  ['2026-10-03 08:00', '2026-10-03 08:00:00'],
  ['2026-02-30T08:00:00Z', null],
  ['2026-10-03T25:00:00Z', null],
];

describe('timestampSql', () => {
  it('keeps the clock time as written, its offset dropped, for every form of the ts rule', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const values = FORMS.map(([text]) => `('${text}')`).join(', ');
      const rows = (await connection.runAndReadAll(`select v, ${timestampSql('v')}::varchar from (values ${values}) t(v)`)).getRowsJS();
      expect(rows.map(([text, time]) => [text, time])).toEqual(FORMS);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
