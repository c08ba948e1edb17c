// A chart's exports: the drawing as PNG and its answer as CSV, both saved in the
// browser. The CSV holds the answer's raw values (as the exports do), with the catalogue's labels, and
// for an answer by period a last column saying which periods are partial or not yet final.
import { PERIOD_NOTE_COLUMN, type QueryResult } from '@payportal/shared/analytics';

const quote = (cell: unknown) => {
  const text = cell === null || cell === undefined ? '' : String(cell);
  // A cell a spreadsheet would run as a formula is neutralised, as the exports do.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The "Period note" column, as a saved export's file has it: an answer by period says which rows are partial or not yet final (periodMarks.ts). */
export const PERIOD_NOTE_LABEL = PERIOD_NOTE_COLUMN.label;

export function resultCsv(result: QueryResult, periodNotes?: ReadonlyMap<string, string>): string {
  const dateIndex = result.columns.findIndex((column) => column.type === 'date');
  const noted = periodNotes !== undefined && dateIndex >= 0;
  const head = [...result.columns.map((column) => quote(column.label)), ...(noted ? [quote(PERIOD_NOTE_LABEL)] : [])];
  const rows = result.rows.map((row) => [
    ...row.map(quote),
    ...(noted ? [quote(periodNotes.get(String(row[dateIndex])) ?? '')] : []),
  ]);
  return [head, ...rows].map((line) => line.join(',')).join('\r\n') + '\r\n';
}

export function saveFile(name: string, href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
}

export function saveCsv(title: string, result: QueryResult, periodNotes?: ReadonlyMap<string, string>): void {
  const url = URL.createObjectURL(new Blob([resultCsv(result, periodNotes)], { type: 'text/csv;charset=utf-8' }));
  saveFile(`${fileName(title)}.csv`, url);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const fileName = (title: string) => title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'chart';
