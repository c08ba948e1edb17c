// The text of an export: RFC 4180 (CRLF lines, fields quoted when they hold a
// quote, comma or line break, quotes doubled), ISO 8601 dates as the engine gives them, numbers with
// '.' decimals, no thousands separators and no exponent, empty for null. Text cells that a spreadsheet
// would run as a formula (= + - @ tab CR first, OWASP "CSV injection") get a leading apostrophe;
// numbers are typed, never text, so a negative number stays a number. With values as labels, the
// dimensions with a fixed vocabulary are written in words ("Visa"); with codes, as the engine has them
// (`visa`), and a header of labels says so ("Card brand (code)").
import { dimensionValueLabel, hasValueLabels, type QueryCell, type QueryColumn } from '@payportal/shared/analytics';
import { csvValuesOf, type CsvHeader, type CsvValues } from '@payportal/shared/exports';

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function quoteField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Plain decimal notation with JavaScript's shortest digits that read back as the same double: its
 * own text, except that an exponent is written out ('1.2e-7' → '0.00000012', '1e+21' → '1' and 21
 * zeros). DuckDB's COPY writes the same (analytics src/duckdb/csvCellSql.ts).
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (value === 0) return '0';
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, fraction = '', exponentText] = match;
  const digits = lead! + fraction;
  const exponent = Number(exponentText);
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  if (digits.length <= exponent + 1) return `${sign}${digits}${'0'.repeat(exponent + 1 - digits.length)}`;
  return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

type CellWriter = (cell: QueryCell) => string;

function cellWriter(column: QueryColumn, neutralise: boolean, values: CsvValues): CellWriter {
  if (values === 'labels' && hasValueLabels(column.name)) {
    const text = (value: string) => dimensionValueLabel(column.name, value) ?? value;
    return (cell) =>
      cell === null ? '' : quoteField(neutralise ? neutraliseFormula(text(String(cell))) : text(String(cell)));
  }
  if (column.type === 'number')
    return (cell) => (typeof cell === 'number' ? formatNumber(cell) : cell === null ? '' : quoteField(String(cell)));
  if (column.type === 'boolean') return (cell) => (cell === null ? '' : String(cell));
  return neutralise
    ? (cell) => (cell === null ? '' : quoteField(neutraliseFormula(String(cell))))
    : (cell) => (cell === null ? '' : quoteField(String(cell)));
}

export interface CsvEncoder {
  /** The header line, CRLF included. */
  header: string;
  /** The lines of `rows`, each ending in CRLF. */
  encode(rows: readonly QueryCell[][]): string;
}

export function createCsvEncoder(
  columns: readonly QueryColumn[],
  options: { header: CsvHeader; neutraliseFormulas: boolean; values?: CsvValues },
): CsvEncoder {
  const values = csvValuesOf(options);
  const writers = columns.map((column) => cellWriter(column, options.neutraliseFormulas, values));
  // Labels and ids are ours, but a label could one day start with '-' or hold a comma: same rules.
  const names = columns.map((column) =>
    options.header === 'ids'
      ? column.name
      : values === 'codes' && hasValueLabels(column.name)
        ? `${column.label} (code)`
        : column.label,
  );
  const header = `${names.map((name) => quoteField(options.neutraliseFormulas ? neutraliseFormula(name) : name)).join(',')}\r\n`;
  const last = writers.length - 1;
  return {
    header,
    encode(rows) {
      let text = '';
      for (const row of rows) {
        for (let index = 0; index < last; index++) text += `${writers[index]!(row[index] ?? null)},`;
        text += `${writers[last]!(row[last] ?? null)}\r\n`;
      }
      return text;
    },
  };
}
