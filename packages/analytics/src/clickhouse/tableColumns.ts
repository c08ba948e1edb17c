// Reads the columns out of one `create table` statement of schema/tables.ts, so the ClickHouse tables
// are derived from the one contract instead of a second copy of every column that could drift from it.
// Only the subset of DuckDB's grammar that tables.ts uses is understood; anything else throws with the
// table and column named, so a new type is added here on purpose (tableColumns.test.ts compares every
// table with DuckDB's own `describe`).

export type ColumnType =
  | { kind: 'varchar' | 'boolean' | 'integer' | 'bigint' | 'double' | 'date' | 'timestamp' }
  | { kind: 'decimal'; precision: number; scale: number };

export interface TableColumn {
  name: string;
  type: ColumnType;
  /** True unless the column is `not null` or `primary key`. */
  nullable: boolean;
  /** The DuckDB literal of `default …`, as written (`false`, `0`, `'text'`, `null`). */
  defaultValue?: string;
}

export interface TableDefinition {
  name: string;
  columns: TableColumn[];
}

const IDENTIFIER = '[a-z_][a-z0-9_]*';
const CREATE_TABLE = new RegExp(
  `^\\s*create\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?(${IDENTIFIER})\\s*\\(([\\s\\S]*)\\)\\s*;?\\s*$`,
  'i',
);
const COLUMN = new RegExp(
  `^(${IDENTIFIER})\\s+(varchar|boolean|integer|bigint|double|date|timestamp|decimal\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\))(?=\\s|$)(.*)$`,
  'is',
);
const CONSTRAINT =
  /^\s*(not\s+null|primary\s+key|unique|default\s+('(?:[^']|'')*'|-?\d+(?:\.\d+)?|true|false|null))(?![a-z0-9_])/i;
// Table-level constraints carry no column; ClickHouse enforces none of them, so they are skipped.
const TABLE_CONSTRAINT = /^(primary\s+key|unique|foreign\s+key|check|constraint)\b/i;

export function tableColumns(ddl: string): TableDefinition {
  const match = CREATE_TABLE.exec(ddl);
  if (!match) throw new Error(`tableColumns: expected "create table <name> (…)", received: ${ddl.slice(0, 80)}`);
  const name = match[1]!.toLowerCase();
  const columns = splitTopLevel(match[2]!)
    .filter((definition) => !TABLE_CONSTRAINT.test(definition))
    .map((definition) => parseColumn(name, definition));
  return { name, columns };
}

function parseColumn(table: string, definition: string): TableColumn {
  const match = COLUMN.exec(definition);
  if (!match)
    throw new Error(
      `tableColumns: ${table}: cannot translate the column "${definition}" (known types: varchar, boolean, integer, bigint, double, decimal(p,s), date, timestamp)`,
    );
  const [, name, typeText, precision, scale, rest] = match;
  const lower = typeText!.toLowerCase();
  const type: ColumnType = lower.startsWith('decimal')
    ? { kind: 'decimal', precision: Number(precision), scale: Number(scale) }
    : { kind: lower as Exclude<ColumnType['kind'], 'decimal'> };
  const column: TableColumn = { name: name!.toLowerCase(), type, nullable: true };
  let remaining = rest!.trim();
  while (remaining) {
    const constraint = CONSTRAINT.exec(remaining);
    if (!constraint) throw new Error(`tableColumns: ${table}.${column.name}: cannot translate "${remaining}"`);
    const words = constraint[1]!.toLowerCase();
    if (words.startsWith('not') || words.startsWith('primary')) column.nullable = false;
    if (constraint[2] !== undefined) column.defaultValue = constraint[2];
    remaining = remaining.slice(constraint[0].length).trim();
  }
  return column;
}

/** Splits on commas outside parentheses and quotes, so `decimal(18,2)` and `default 'a,b'` stay whole. */
function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(body.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(body.slice(start).trim());
  return parts.filter(Boolean);
}
