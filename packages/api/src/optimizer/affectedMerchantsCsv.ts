// The affected-merchant list of a scenario as CSV (issue #17 item 2): RFC 4180 with the exports' own
// quoting and formula neutralising, a header row of words a pricing person reads.
import type { AffectedMerchant } from '@payportal/shared';
import { neutraliseFormula, quoteField } from '../exports/csvFormat.ts';

const text = (value: string) => quoteField(neutraliseFormula(value));
const COLUMNS: [string, (row: AffectedMerchant) => string][] = [
  ['MID', (row) => text(row.mid)],
  ['Merchant', (row) => text(row.name)],
  ['Size tier', (row) => row.sizeTier],
  ['Plan type', (row) => row.planType],
  ['GSV (12 months)', (row) => row.gsv.toFixed(2)],
  ['Net revenue today (12 months)', (row) => row.baseRevenue.toFixed(2)],
  ['Revenue change (12 months)', (row) => row.uplift.toFixed(2)],
  ['Effective rate change (bps)', (row) => row.rateChangeBps.toFixed(2)],
  ['Annual attrition before', (row) => row.hazardBefore.toFixed(4)],
  ['Annual attrition after', (row) => row.hazardAfter.toFixed(4)],
];


export function affectedMerchantsCsv(rows: AffectedMerchant[]): string {
  const lines = [COLUMNS.map(([header]) => header), ...rows.map((row) => COLUMNS.map(([, cell]) => cell(row)))];
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
