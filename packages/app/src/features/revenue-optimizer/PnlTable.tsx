// The P&L rows, one merchant each; a column header sorts by it (the API sorts, so a page of the whole
// portfolio is the right page).
import type { PnlRow, PnlSortColumn } from '@payportal/shared/optimizer';
import { bps, money } from './formatFigures.ts';
import * as css from './optimizer.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';

const COLUMNS: { key: PnlSortColumn; label: string; cell: (row: PnlRow) => string }[] = [
  { key: 'name', label: 'Merchant', cell: (row) => row.name },
  { key: 'gsv', label: 'GSV', cell: (row) => money(row.gsv) },
  { key: 'transactionFees', label: 'Transaction fees', cell: (row) => money(row.transactionFees) },
  { key: 'accountFees', label: 'Account fees', cell: (row) => money(row.accountFees) },
  { key: 'billedFees', label: 'Billed fees', cell: (row) => money(row.billedFees) },
  { key: 'interchange', label: 'Interchange', cell: (row) => money(row.interchange) },
  { key: 'schemeFees', label: 'Scheme fees', cell: (row) => money(row.schemeFees) },
  { key: 'netRevenue', label: 'Net revenue', cell: (row) => money(row.netRevenue) },
  { key: 'netRateBps', label: 'Net rate', cell: (row) => bps(row.netRateBps) },
];

export function PnlTable({
  rows,
  sort,
  onSort,
}: {
  rows: PnlRow[];
  sort: { column: PnlSortColumn; direction: 'asc' | 'desc' };
  onSort: (column: PnlSortColumn) => void;
}) {
  if (rows.length === 0) return <p className={css.hint}>No merchant matches these filters.</p>;
  return (
    <GridScroll label="Merchant P&L, scrollable">
      <table className={css.table} aria-label="Merchant P&L">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                className={column.key === 'name' ? undefined : css.numeric}
                aria-sort={
                  sort.column === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                <button type="button" className={css.sortButton} onClick={() => onSort(column.key)}>
                  {column.label}
                  {sort.column === column.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                </button>
              </th>
            ))}
            <th>Plan</th>
            <th>Flag</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.merchantId}>
              {COLUMNS.map((column) => (
                <td key={column.key} className={column.key === 'name' ? undefined : css.numeric}>
                  {column.cell(row)}
                </td>
              ))}
              <td>{row.planType}</td>
              <td>
                {row.flag === 'under' ? (
                  <span className={css.underFlag}>Under-recovery</span>
                ) : row.flag === 'over' ? (
                  <span className={css.flag}>Over-recovery</span>
                ) : (
                  ''
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </GridScroll>
  );
}
