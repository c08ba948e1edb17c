// RFC 4180 records from the head of a file: quoted fields may hold commas, doubled quotes
// and line breaks; a record cut off at the end of the head is left out. Each record keeps the physical
// line it starts on (the header is line 1), as the loader's splitCsvRecords numbers them, so the
// pre-check and the engine's rejects name the same line; a malformed record carries the loader's reason.

/** Longest record the loader reads; a longer one is rejected with its line number. */
export const MAX_RECORD_BYTES = 2 * 1024 * 1024;

/** Why a record is malformed, in the words both the pre-check and the loader use. */
export const MALFORMED_REASONS = {
  strayQuote: 'A quote inside an unquoted value: quote the whole value or remove the quote.',
  textAfterQuote: 'Text after a closing quote: quote the whole value and double the quotes inside it.',
  unclosedQuote: 'A quote that is never closed: close it, or double it if it is part of the value.',
  tooLong: `The record is longer than ${MAX_RECORD_BYTES / 1024 / 1024} MB.`,
  encoding: 'Not valid UTF-8 text: save the file as UTF-8.',
  count: (found: number, expected: number) =>
    `The line has ${found} ${found === 1 ? 'value' : 'values'}; the header has ${expected}.`,
} as const;

export interface CsvRecord {
  line: number;
  cells: string[];
  /** Why the record is malformed (a stray quote, text after a closing quote), when it is. */
  problem?: string;
}

export interface CsvHead {
  records: CsvRecord[];
  /** A quote opened and not closed before the head ended (or the file ended, when `complete`). */
  unterminatedQuoteAt: number | null;
}

export function readCsvRecords(text: string, delimiter: string, complete: boolean): CsvHead {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let closed = false;
  let problem: string | undefined;
  let line = 1;
  let recordLine = 1;
  let index = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push(problem ? { line: recordLine, cells, problem } : { line: recordLine, cells });
    cells = [];
    cell = '';
    closed = false;
    problem = undefined;
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        closed = true;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      index += 1;
      continue;
    }
    if (char === delimiter) {
      cells.push(cell);
      cell = '';
      closed = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      line += 1;
      endRecord();
      recordLine = line;
    } else if (closed) {
      problem ??= MALFORMED_REASONS.textAfterQuote;
      cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else {
      if (char === '"') problem ??= MALFORMED_REASONS.strayQuote;
      cell += char;
    }
    index += 1;
  }
  if (quoted) return { records, unterminatedQuoteAt: complete ? recordLine : null };
  if (complete && (cell !== '' || cells.length)) endRecord();
  return { records, unterminatedQuoteAt: null };
}
