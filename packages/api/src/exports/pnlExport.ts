// The merchant P&L as an export job's file: the rows the P&L screen shows, sorted and
// filtered the same way, all of them up to the role's cap (one row more tells a capped file), with a
// header of words a pricing person reads. The engine answers the same question as POST pnl, so the
// file's figures are the screen's.
import type { AnalyticsEngine, QueryScope } from '@payportal/analytics';
import type { QueryColumn } from '@payportal/shared/analytics';
import type { PnlExport, PnlRow } from '@payportal/shared/optimizer';
import type { CsvFile } from '../csv/csvFile.ts';
import { csvColumn } from '../csv/csvColumn.ts';

const column = (name: keyof PnlRow & string, label: string, type: QueryColumn['type']) =>
  csvColumn<PnlRow>(name, label, type);
export const PNL_EXPORT_COLUMNS: QueryColumn[] = [
  column('mid', 'MID', 'string'),
  column('name', 'Merchant', 'string'),
  column('industryGroup', 'Industry group', 'string'),
  column('region', 'Region', 'string'),
  column('sizeTier', 'Size tier', 'string'),
  column('planType', 'Plan type', 'string'),
  column('gsv', 'GSV', 'number'),
  column('sales', 'Sales', 'number'),
  column('transactionFees', 'Transaction fees', 'number'),
  column('accountFees', 'Account fees', 'number'),
  column('billedFees', 'Billed fees', 'number'),
  column('interchange', 'Interchange', 'number'),
  column('schemeFees', 'Scheme fees', 'number'),
  column('netRevenue', 'Net revenue', 'number'),
  column('netRateBps', 'Net effective rate (bps)', 'number'),
  column('flag', 'Flag', 'string'),
];

export const PNL_EXPORT_NAME = 'Merchant P&L';

/** Writes the P&L's rows into `file`; `more` when the portfolio had rows past `limit`. */
export async function writePnlRows(
  engine: AnalyticsEngine,
  pnl: PnlExport,
  scope: QueryScope,
  limit: number,
  file: CsvFile,
): Promise<{ rowsWritten: number; more: boolean }> {
  const answer = await engine.optimize({ kind: 'pnl', request: { ...pnl, limit } }, scope);
  await file.write(answer.rows.map((row) => PNL_EXPORT_COLUMNS.map(({ name }) => row[name as keyof PnlRow])));
  return { rowsWritten: answer.rows.length, more: answer.matching > limit };
}
