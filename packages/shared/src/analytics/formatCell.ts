// A cell as the catalogue says to show it (formats): money with two decimals, counts with
// grouping, fractions as percentages, basis points. The CSV file keeps raw values; this is for eyes:
// the app's tables and the statement PDF show numbers alike.
import type { QueryCell, QueryColumn } from './queryDescription.ts';

// The synthetic acquirer settles in US dollars; a per-organisation currency has no field yet.
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const bps = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

export function formatCell(value: QueryCell, column: Pick<QueryColumn, 'type' | 'format'>): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'number') return value;
  switch (column.format) {
    case 'money':
      return money.format(value);
    case 'count':
      return count.format(value);
    case 'percent':
      return percent.format(value);
    case 'bps':
      return `${bps.format(value)} bps`;
    default:
      return plain.format(value);
  }
}

/** Row counts in prose: "1,234 rows". */
export const formatRows = (rows: number) => `${count.format(rows)} ${rows === 1 ? 'row' : 'rows'}`;
