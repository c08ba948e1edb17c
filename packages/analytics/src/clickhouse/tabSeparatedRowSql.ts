// A DuckDB expression that renders one row of a table as one line of ClickHouse's TabSeparated input,
// so DuckDB does the per-value work in its vectorised engine and JavaScript only joins lines.
// DuckDB's own CSV writer is not used: it quotes a field holding the delimiter or a newline ("a\tb"),
// which TabSeparated would read as text with quotes in it; TabSeparated wants backslash escapes instead.
import type { TableColumn } from './tableColumns.ts';

// TabSeparated reads \\ \t \n \r \0 as escapes, so backslash goes first; a raw tab or newline would end
// the field or the row. \N (DuckDB does not treat \ in '…' as an escape) is NULL, and a string that is
// literally \N arrives as \\N.
const ESCAPES: ReadonlyArray<readonly [string, string]> = [
  ["'\\'", "'\\\\'"],
  ['chr(9)', "'\\t'"],
  ['chr(10)', "'\\n'"],
  ['chr(13)', "'\\r'"],
  ['chr(0)', "'\\0'"],
];

/** The text of one column's value in a TabSeparated row, read by ClickHouse as the column's type. */
function fieldSql(column: TableColumn): string {
  const name = column.name;
  switch (column.type.kind) {
    case 'varchar': {
      // Most values hold none of the five characters: testing first is ~12x cheaper than five replaces.
      const needsEscape = ESCAPES.map(([from]) => `contains(${name}, ${from})`).join(' or ');
      const escaped = ESCAPES.reduce((text, [from, to]) => `replace(${text}, ${from}, ${to})`, name);
      return `case when ${needsEscape} then ${escaped} else ${name} end`;
    }
    case 'boolean':
      // a NULL stays NULL (`case when NULL` would take the else branch and write 0)
      return `case when ${name} then '1' when not ${name} then '0' end`;
    case 'timestamp':
      // DateTime holds seconds: fractions are dropped, never rounded up into the next second.
      return `strftime(${name}, '%Y-%m-%d %H:%M:%S')`;
    case 'double':
      // 18.16's text parser rounds some doubles to a neighbour (1.66 among them), so a double travels
      // as its IEEE-754 bits and ClickHouse reinterprets them (wireColumnType in copyFromDuckDB.ts).
      return `cast(cast(cast(${name} as bit) as ubigint) as varchar)`;
    default:
      // integer, bigint, decimal (plain digits such as -12.50, exact), date (YYYY-MM-DD).
      return `cast(${name} as varchar)`;
  }
}

/**
 * `concat_ws(chr(9), …)` over every column, NULL written as \N. Every field is wrapped in coalesce, so a
 * NULL where the contract says `not null` reaches ClickHouse as \N and fails loudly instead of being
 * skipped by concat_ws and shifting the columns after it.
 */
export function tabSeparatedRowSql(columns: readonly TableColumn[]): string {
  return `concat_ws(chr(9), ${columns.map((column) => `coalesce(${fieldSql(column)}, '\\N')`).join(', ')})`;
}
