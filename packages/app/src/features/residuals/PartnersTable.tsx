// The partners under a summary (the portfolio's sub-ISOs and agents, or a sub-ISO's agents), each linking
// to its statement.
import type { ResidualStatements } from '@payportal/shared/residuals';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import * as grid from '../../ui/dataGrid.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';
import { formatCount, formatMoney, KIND_NAMES } from './residualWords.ts';

export function PartnersTable({ partners, month }: { partners: ResidualStatements['children']; month: string }) {
  return (
    <GridScroll label="Partners">
      <table className={grid.grid}>
        <thead>
          <tr>
            <th scope="col">Partner</th>
            <th scope="col">Kind</th>
            <th scope="col" className={grid.numeric}>
              Merchants
            </th>
            <th scope="col" className={grid.numeric}>
              Net
            </th>
            <th scope="col" className={grid.numeric}>
              Payouts
            </th>
            <th scope="col" className={grid.numeric}>
              Adjustments
            </th>
            <th scope="col" className={grid.numeric}>
              Total paid
            </th>
          </tr>
        </thead>
        <tbody>
          {partners.map((partner) => (
            <tr key={partner.code}>
              <th scope="row">
                <Link to={paths.residualStatement(partner.code, month)}>
                  {partner.name} ({partner.code})
                </Link>
              </th>
              <td>{KIND_NAMES[partner.kind]}</td>
              <td className={grid.numeric}>{formatCount(partner.totals.merchants)}</td>
              <td className={grid.numeric}>{formatMoney(partner.totals.net)}</td>
              <td className={grid.numeric}>{formatMoney(partner.totals.payouts)}</td>
              <td className={grid.numeric}>{formatMoney(partner.totals.adjustments)}</td>
              <td className={grid.numeric}>{formatMoney(partner.totals.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </GridScroll>
  );
}
