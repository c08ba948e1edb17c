// The check of a file's head before a byte is sent, run in the browser's Worker and
// again by the API before validation (the browser can be bypassed): encoding, delimiter, header against
// the kind's columns, and each cell of the first rows. `fatal` problems refuse the whole file; `rows`
// problems are the first bad rows, which the engine would reject one by one.
import { checkCell } from './checkCell.ts';
import { MALFORMED_REASONS, readCsvRecords } from './readCsvRecords.ts';
import { fileColumns, UPLOAD_COLUMNS, type UploadKind } from './uploadKinds.ts';

export interface HeadProblem {
  line: number;
  /** The column's name, or null when the problem is the file's or the line's. */
  column: string | null;
  /** What is wrong, without the line and column: the screen shows those beside it. */
  message: string;
}

export interface HeadCheck {
  encoding: 'utf-8' | 'utf-8-bom' | null;
  fatal: HeadProblem[];
  rows: HeadProblem[];
  /** Data rows read from the head (not counting the header). */
  rowsChecked: number;
}

/** Bytes the pre-check reads: enough for the header and the first few hundred rows. */
export const HEAD_BYTES = 64 * 1024;
export const HEAD_ROWS = 200;

const OTHER_DELIMITERS: Record<string, string> = { ';': 'semicolons', '\t': 'tabs', '|': 'vertical bars' };

const fileProblem = (message: string): HeadProblem => ({ line: 1, column: null, message });

function detectEncoding(bytes: Uint8Array): { encoding: HeadCheck['encoding']; problem?: string; text?: string } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { encoding: null, problem: 'The file is UTF-16 encoded: save it as UTF-8 (CSV UTF-8) and choose it again.' };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const sample = body.subarray(0, 4096);
  if (sample.includes(0)) {
    // Nearly every other byte zero (and no other) is UTF-16 without its mark; any other zero byte is not text at all.
    const zerosAt = (parity: number) => sample.filter((byte, index) => index % 2 === parity && byte === 0).length;
    const half = sample.length / 2;
    const utf16 =
      half >= 4 &&
      Math.max(zerosAt(0), zerosAt(1)) >= 0.9 * Math.floor(half) &&
      Math.min(zerosAt(0), zerosAt(1)) <= 0.1 * half;
    return {
      encoding: null,
      problem: utf16
        ? 'The file is UTF-16 encoded: save it as UTF-8 (CSV UTF-8) and choose it again.'
        : 'The file holds binary data, not CSV text.',
    };
  }
  try {
    // stream: a character cut at the end of the head is not an error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(body, { stream: true });
    return { encoding: bom ? 'utf-8-bom' : 'utf-8', text };
  } catch {
    return {
      encoding: null,
      problem:
        'The file is not UTF-8: it looks like Latin-1 (ISO 8859-1) or another legacy encoding. Save it as UTF-8 and choose it again.',
    };
  }
}

function headerProblems(header: string[], kind: UploadKind): HeadProblem[] {
  const expected = UPLOAD_COLUMNS[kind].map((column) => column.name);
  const found = header.map((name) => name.trim());
  const problems: HeadProblem[] = [];
  // A trailing optional column may be left out (uploadKinds.ts `trailing`).
  const optional = new Set(UPLOAD_COLUMNS[kind].filter((rule) => rule.trailing).map((rule) => rule.name));
  const missing = expected.filter((name) => !found.includes(name) && !optional.has(name));
  for (const name of found) {
    if (expected.includes(name)) continue;
    const near = expected
      .filter((candidate) => !found.includes(candidate))
      .find((candidate) => editDistance(candidate, name.toLowerCase()) <= 2);
    problems.push({
      line: 1,
      column: name,
      message: near
        ? `Column "${name}" is not a ${kind} column: did you mean "${near}"?`
        : `Column "${name}" is not a ${kind} column.`,
    });
  }
  for (const name of missing) problems.push({ line: 1, column: name, message: `Column "${name}" is missing.` });
  // The kind's columns that are there, in the file's order against the kind's: each one out of its place is named.
  const present = found.filter((name) => expected.includes(name));
  const inOrder = expected.filter((name) => present.includes(name));
  const moved = present.filter((name, index) => inOrder[index] !== name);
  if (moved.length) {
    problems.push({
      line: 1,
      column: null,
      message: `${moved.length === 1 ? 'Column' : 'Columns'} ${namesInWords(moved)} ${moved.length === 1 ? 'is' : 'are'} out of order: the columns must be ${expected.join(', ')}.`,
    });
  }
  return problems;
}

/** "a", "a" and "b", "a", "b" and "c". */
function namesInWords(names: string[]): string {
  const quoted = names.map((name) => `"${name}"`);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

export function checkCsvHead(bytes: Uint8Array, kind: UploadKind, complete: boolean): HeadCheck {
  const result: HeadCheck = { encoding: null, fatal: [], rows: [], rowsChecked: 0 };
  if (bytes.length === 0)
    return { ...result, fatal: [fileProblem('The file is empty: it needs a header row and at least one data row.')] };
  const decoded = detectEncoding(bytes);
  result.encoding = decoded.encoding;
  if (decoded.problem || decoded.text === undefined)
    return { ...result, fatal: [fileProblem(decoded.problem ?? 'The file cannot be read.')] };
  const text = decoded.text;
  const firstLine = text.slice(0, text.search(/\r|\n/) === -1 ? undefined : text.search(/\r|\n/));
  const other = Object.keys(OTHER_DELIMITERS).find(
    (delimiter) => !firstLine.includes(',') && firstLine.includes(delimiter),
  );
  if (other)
    return {
      ...result,
      fatal: [
        fileProblem(`The columns are separated by ${OTHER_DELIMITERS[other]}: the file must be comma-separated.`),
      ],
    };
  const { records, unterminatedQuoteAt } = readCsvRecords(text, ',', complete);
  const [header, ...rows] = records;
  if (!header)
    return { ...result, fatal: [fileProblem('The header row is incomplete: the first line is too long or cut off.')] };
  result.fatal.push(...headerProblems(header.cells, kind));
  if (result.fatal.length) return result;
  if (complete && rows.length === 0 && unterminatedQuoteAt === null)
    result.fatal.push({ line: 2, column: null, message: 'The file has a header row but no data rows.' });
  const rules = fileColumns(kind, header.cells);
  for (const record of rows.slice(0, HEAD_ROWS)) {
    result.rowsChecked += 1;
    const malformed =
      record.problem ??
      (record.cells.length !== rules.length ? MALFORMED_REASONS.count(record.cells.length, rules.length) : null);
    if (malformed) {
      result.rows.push({ line: record.line, column: null, message: malformed });
      continue;
    }
    const row: Record<string, string> = Object.fromEntries(
      UPLOAD_COLUMNS[kind].map((rule) => [rule.name, record.cells[rules.indexOf(rule)] ?? '']),
    );
    for (const rule of rules) {
      const reason = checkCell(rule, row[rule.name]!, row);
      if (reason)
        result.rows.push({
          line: record.line,
          column: rule.name,
          message: `${rule.name} ${reason} (found "${row[rule.name]!.slice(0, 40)}").`,
        });
    }
  }
  if (unterminatedQuoteAt !== null)
    result.rows.push({
      line: unterminatedQuoteAt,
      column: null,
      message: MALFORMED_REASONS.unclosedQuote,
    });
  return result;
}

/** Levenshtein distance, for "did you mean". */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}
