// A statement's merchant lines with its totals row: the figures the API answers, formatted, nothing summed here.
import type { ResidualMerchants } from '@payportal/shared/residuals';
import * as grid from '../../ui/dataGrid.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';
import { formatCount, formatMoney } from './residualWords.ts';
import * as styles from './residuals.css.ts';

const MONEY_COLUMNS = [
  ['Volume', 'volume'],
  ['Income', 'income'],
  ['Interchange', 'interchange'],
  ['Scheme fees', 'scheme_fees'],
  ['Schedule A', 'schedule_a'],
  ['Net', 'net'],
] as const;

export function StatementLines({ lines, totals }: Pick<ResidualMerchants, 'lines' | 'totals'>) {
  return (
    <GridScroll label="Merchant lines">
      <table className={grid.grid}>
        <thead>
          <tr>
            <th scope="col">MID</th>
            <th scope="col">Merchant</th>
            <th scope="col" className={grid.numeric}>
              Sales
            </th>
            {MONEY_COLUMNS.map(([label]) => (
              <th key={label} scope="col" className={grid.numeric}>
                {label}
              </th>
            ))}
            <th scope="col" className={grid.numeric}>
              Share
            </th>
            <th scope="col" className={grid.numeric}>
              Payout
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.mid}>
              <th scope="row">{line.mid}</th>
              <td>{line.name}</td>
              <td className={grid.numeric}>{formatCount(line.sales)}</td>
              {MONEY_COLUMNS.map(([label, key]) => (
                <td key={label} className={grid.numeric}>
                  {formatMoney(line[key])}
                </td>
              ))}
              <td className={grid.numeric}>{line.share_pct} %</td>
              <td className={grid.numeric}>{formatMoney(line.payout)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={styles.totalRow}>
            <th scope="row">Total</th>
            <td>{formatCount(totals.merchants)} merchants</td>
            <td className={grid.numeric}>{formatCount(totals.sales)}</td>
            {MONEY_COLUMNS.map(([label, key]) => (
              <td key={label} className={grid.numeric}>
                {formatMoney(totals[key])}
              </td>
            ))}
            <td />
            <td className={grid.numeric}>{formatMoney(totals.payouts)}</td>
          </tr>
        </tfoot>
      </table>
    </GridScroll>
  );
}
