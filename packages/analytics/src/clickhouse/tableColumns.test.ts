import { describe, expect, it } from 'vitest';
import { tableColumns } from './tableColumns.ts';

// Every table of tables.ts is checked against DuckDB's `describe` in clickhouseTables.test.ts; these
// cover the grammar that tables.ts does not use today.
describe('tableColumns', () => {
  it('reads names, types, nullability and defaults, keeping decimal(p,s) and quoted commas whole', () => {
    const ddl = `create table if not exists t (
      id bigint primary key, amount decimal(18, 2) not null, note varchar default 'a, b''s',
      flag boolean not null default false, at timestamp, primary key (id))`;
    expect(tableColumns(ddl)).toEqual({
      name: 't',
      columns: [
        { name: 'id', type: { kind: 'bigint' }, nullable: false },
        { name: 'amount', type: { kind: 'decimal', precision: 18, scale: 2 }, nullable: false },
        { name: 'note', type: { kind: 'varchar' }, nullable: true, defaultValue: "'a, b''s'" },
        { name: 'flag', type: { kind: 'boolean' }, nullable: false, defaultValue: 'false' },
        { name: 'at', type: { kind: 'timestamp' }, nullable: true },
      ],
    });
  });

  it('refuses a type it cannot translate, naming the table and column', () => {
    expect(() => tableColumns('create table t (id integer, tags varchar[])')).toThrow(
      /t: cannot translate the column "tags varchar\[\]"/,
    );
    expect(() => tableColumns('create table t (id integer, at timestamptz)')).toThrow(
      /t: cannot translate the column "at timestamptz"/,
    );
  });

  it('refuses a constraint it does not understand instead of dropping it', () => {
    expect(() => tableColumns('create table t (n integer default 1 + 1)')).toThrow(/t\.n: cannot translate "\+ 1"/);
    expect(() => tableColumns('create table t (n integer references other(id))')).toThrow(
      /t\.n: cannot translate "references other\(id\)"/,
    );
  });

  it('refuses text that is not a create table statement', () => {
    expect(() => tableColumns('select 1')).toThrow(/expected "create table <name> \(…\)"/);
  });
});
