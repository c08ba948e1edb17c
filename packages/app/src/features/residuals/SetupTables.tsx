// /residuals/setup's two tables: the Schedule A rates and the splits in force, each with its source.
import type { ResidualSetup } from '@payportal/shared/residuals';
import * as grid from '../../ui/dataGrid.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';
import { expiryText, FEE_NAMES, rateText, shareText, sourceText } from './setupWords.ts';

export function ScheduleTable({ rows }: { rows: ResidualSetup['schedules'] }) {
  return (
    <GridScroll label="Schedule A rates">
      <table className={grid.grid}>
        <thead>
          <tr>
            <th scope="col">Partner</th>
            <th scope="col">Fee</th>
            <th scope="col">Rate</th>
            <th scope="col">In force from</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.node_code}-${row.fee_code}-${row.basis}`}>
              <th scope="row">{row.node_code ?? 'House'}</th>
              <td>{FEE_NAMES[row.fee_code] ?? row.fee_code}</td>
              <td>{rateText(row)}</td>
              <td>{row.effective_from}</td>
              <td>{sourceText(row.upload_id)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </GridScroll>
  );
}

export function SplitTable({ rows }: { rows: ResidualSetup['splits'] }) {
  return (
    <GridScroll label="Splits">
      <table className={grid.grid}>
        <thead>
          <tr>
            <th scope="col">Partner</th>
            <th scope="col">Merchants</th>
            <th scope="col">Share</th>
            <th scope="col">In force from</th>
            <th scope="col">Expiry</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.node_code}-${row.mid ?? ''}`}>
              <th scope="row">{row.node_code}</th>
              <td>{row.mid ?? 'All in the book'}</td>
              <td>{shareText(row)}</td>
              <td>{row.effective_from}</td>
              <td>{expiryText(row)}</td>
              <td>{sourceText(row.upload_id)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </GridScroll>
  );
}
