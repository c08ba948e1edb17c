// RFC 4180 records from the head of a file (DATA.md §7): quoted fields may hold commas, doubled quotes
// and line breaks; a record cut off at the end of the head is left out. Each record keeps its line as
// DuckDB counts it (the header is line 1, a record with a quoted line break counts once), so the
// pre-check and the engine's rejects name the same line.

export interface CsvRecord {
  line: number;
  cells: string[];
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
  let index = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: records.length + 1, cells });
    cells = [];
    cell = '';
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      index += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
    } else cell += char;
    index += 1;
  }
  if (quoted) return { records, unterminatedQuoteAt: complete ? records.length + 1 : null };
  if (complete && (cell !== '' || cells.length)) endRecord();
  return { records, unterminatedQuoteAt: null };
}
