// A section's answers as one CSV file (RFC 4180 quoting), downloaded from a blob so it works framed.
import type { SectionAnswer } from '@payportal/shared/merchants';

const quote = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function sectionCsv(answer: SectionAnswer): string {
  return answer.queries
    .flatMap(({ id, result }) =>
      [[id], result.columns.map((column) => column.label), ...result.rows, []].map((row) => row.map(quote).join(',')),
    )
    .join('\r\n');
}

export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
