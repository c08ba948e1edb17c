// The affected-merchant list of a scenario as CSV, written by the exports' own
// encoder (RFC 4180, numbers in plain decimal notation, formula-like text neutralised), with a header
// row of words a pricing person reads.
import type { QueryColumn } from '@payportal/shared/analytics';
import type { AffectedMerchant } from '@payportal/shared/optimizer';
import { createCsvEncoder } from '../csv/csvFormat.ts';
import { csvColumn } from '../csv/csvColumn.ts';

const column = (name: keyof AffectedMerchant & string, label: string, type: QueryColumn['type']) =>
  csvColumn<AffectedMerchant>(name, label, type);
const COLUMNS: QueryColumn[] = [
  column('mid', 'MID', 'string'),
  column('name', 'Merchant', 'string'),
  column('sizeTier', 'Size tier', 'string'),
  column('planType', 'Plan type', 'string'),
  column('gsv', 'GSV (12 months)', 'number'),
  column('baseRevenue', 'Net revenue today (12 months)', 'number'),
  column('uplift', 'Revenue change (12 months)', 'number'),
  column('rateChangeBps', 'Effective rate change (bps)', 'number'),
  column('hazardBefore', 'Annual attrition before', 'number'),
  column('hazardAfter', 'Annual attrition after', 'number'),
];

export function affectedMerchantsCsv(rows: AffectedMerchant[]): string {
  const encoder = createCsvEncoder(COLUMNS, { header: 'labels', neutraliseFormulas: true });
  return (
    encoder.header +
    encoder.encode(rows.map((row) => COLUMNS.map(({ name }) => row[name as keyof AffectedMerchant] as string | number)))
  );
}
