// One query answer or evidence list as a plain table, formatted as the catalogue says (fixed vocabularies in words).
import { formatCell, type QueryCell, type QueryColumn } from '@payportal/shared/analytics';
import { dimensionText } from '../../charts/dimensionText.ts';
import * as css from './merchantLevel.css.ts';

export function ResultTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: (Pick<QueryColumn, 'label' | 'type' | 'format'> & { name?: string })[];
  rows: QueryCell[][];
}) {
  return (
    <div className={css.scroll}>
      <table className={css.table}>
        <caption className={css.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={css.cell} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td className={css.cell} colSpan={columns.length}>
                None in this range.
              </td>
            </tr>
          )}
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((value, cell) => (
                <td key={cell} className={css.cell}>
                  {(value !== null && dimensionText(columns[cell]!.name, String(value))) ||
                    formatCell(value, columns[cell]!)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
