// The one place a value becomes ClickHouse SQL text ("compiled, never concatenated").
// ClickHouse 18.16 has no server-side query parameters, so every value the compiler puts in a query
// goes through one of these functions; each returns a literal that means exactly the value or throws.
// Checked against a real 18.16 server by clickhouseLiteral.test.ts.

// Only ASCII ' ends a string literal and only ASCII \ starts an escape; UTF-8 continuation bytes never
// equal either, so look-alike quotes (ʼ ＇ ‘ ’) and every other non-ASCII character pass through as
// themselves. Control characters become \xHH so a literal is always one line: nothing after it can be
// swallowed by a `--` comment, and the client's appended `FORMAT …` clause stays on its own line.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPE = /[\\'\u0000-\u001f\u007f]/g;
// A lone surrogate cannot be encoded as UTF-8: it would be sent as U+FFFD, and a filter on it would
// quietly match a different value. Refusing it is the only answer that keeps "exactly the value".
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A single-quoted ClickHouse string literal equal to `value`; throws on a lone UTF-16 surrogate. */
export function clickhouseString(value: string): string {
  if (typeof value !== 'string')
    throw new TypeError(`clickhouseString: expected a string, received ${describe(value)}`);
  const surrogate = LONE_SURROGATE.exec(value);
  if (surrogate) {
    throw new RangeError(
      `clickhouseString: the value holds a lone UTF-16 surrogate at index ${surrogate.index}, which has no UTF-8 form; refused rather than sent as U+FFFD`,
    );
  }
  return `'${value.replace(NEEDS_ESCAPE, escapeCharacter)}'`;
}

function escapeCharacter(char: string): string {
  if (char === '\\') return '\\\\';
  if (char === "'") return "\\'";
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

// What clickhouseString writes, and nothing else: a quote, then plain characters (no quote, backslash
// or control character) or its three escapes, then a quote.
// eslint-disable-next-line no-control-regex -- the control characters clickhouseString never leaves raw
const STRING_LITERAL = /^'(?:[^\\'\u0000-\u001f\u007f]|\\\\|\\'|\\x[01][0-9a-f]|\\x7f)*'$/s;

/**
 * The value of a literal that clickhouseString made (its inverse), for SQL that must look at the value
 * again (the dialect's case-insensitive `contains`); throws on any other text.
 */
export function clickhouseStringValue(literal: string): string {
  if (typeof literal !== 'string' || !STRING_LITERAL.test(literal)) {
    throw new TypeError(
      `clickhouseStringValue: expected a literal made by clickhouseString, received ${describe(literal)}`,
    );
  }
  return literal
    .slice(1, -1)
    .replace(/\\(\\|'|x[0-9a-f]{2})/g, (_, escape: string) =>
      escape.length === 1 ? escape : String.fromCharCode(parseInt(escape.slice(1), 16)),
    );
}

// 18.16's SQL parser rejects subnormal literals (below this) as a syntax error, so they are refused here.
const SMALLEST_NORMAL = 2.2250738585072014e-308;

/**
 * A Float64 or integer literal for a finite number. Negative numbers are parenthesised so that
 * `a -` followed by the literal can never read as the `--` comment marker.
 */
export function clickhouseNumber(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`clickhouseNumber: expected a finite number, received ${describe(value)}`);
  }
  if (value !== 0 && Math.abs(value) < SMALLEST_NORMAL) {
    throw new RangeError(`clickhouseNumber: ${value} is subnormal, which ClickHouse 18.16 cannot parse`);
  }
  // String() gives the shortest text that reads back as the same double; 18.16 parses SQL literals exactly.
  return value < 0 ? `(${String(value)})` : String(value);
}

/** 1 or 0: ClickHouse 18.16 has no Bool type, booleans are UInt8 columns. */
export function clickhouseBoolean(value: boolean): string {
  if (typeof value !== 'boolean')
    throw new TypeError(`clickhouseBoolean: expected a boolean, received ${describe(value)}`);
  return value ? '1' : '0';
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// 18.16 stores Date as days since 1970-01-01 and reads dates after 2105-12-31 as 0000-00-00.
const FIRST_DATE = '1970-01-01';
const LAST_DATE = '2105-12-31';

/** `toDate('YYYY-MM-DD')` for a real calendar day within what 18.16's Date holds (1970-01-01…2105-12-31). */
export function clickhouseDate(value: string): string {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  const [year, month, day] = match ? match.slice(1).map(Number) : [];
  const parsed = match ? new Date(Date.UTC(year!, month! - 1, day!)) : null;
  // Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip unchanged.
  if (
    !parsed ||
    parsed.getUTCFullYear() !== year ||
    parsed.getUTCMonth() !== month! - 1 ||
    parsed.getUTCDate() !== day
  ) {
    throw new RangeError(`clickhouseDate: expected a calendar date 'YYYY-MM-DD', received ${describe(value)}`);
  }
  if (value < FIRST_DATE || value > LAST_DATE) {
    throw new RangeError(
      `clickhouseDate: ${value} is outside ${FIRST_DATE}…${LAST_DATE}, the range of ClickHouse 18.16's Date`,
    );
  }
  return `toDate('${value}')`;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  return typeof value === 'number' || typeof value === 'boolean' || value == null ? String(value) : typeof value;
}
