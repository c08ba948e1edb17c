// The preview's rows: column headers are buttons that sort the export (the order is part
// of its description) and announce the order with aria-sort; values in the catalogue's formats, the
// fixed vocabularies as the file will hold them (words, or codes when the file asks for codes).
import { formatCell, type QueryResult } from '@payportal/shared/analytics';
import type { CsvValues } from '@payportal/shared/exports';
import { dimensionText } from '../../charts/dimensionText.ts';
import type { BuilderState } from './builderStore.ts';
import * as styles from './queryBuilder.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';

export interface PreviewTableProps {
  result: QueryResult;
  order: BuilderState['order'];
  /** Absent: the headers only show the order (a read-only export). */
  onSort?: (member: string) => void;
  busy: boolean;
  caption: string;
  /** How the file writes the values of a fixed vocabulary; default words. */
  values?: CsvValues;
}

export function PreviewTable({ result, order, onSort, busy, caption, values = 'labels' }: PreviewTableProps) {
  return (
    <GridScroll label={caption}>
      <table className={`${styles.table} ${busy ? styles.busy : ''}`} aria-busy={busy}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {result.columns.map((column) => {
              const sorted = order?.member === column.name ? order.direction : null;
              return (
                <th
                  key={column.name}
                  scope="col"
                  className={column.type === 'number' ? styles.numeric : undefined}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {onSort ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSort(column.name)}>
                      {column.label}
                      <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                    </button>
                  ) : (
                    <>
                      {column.label}
                      {sorted && <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : ' ▼'}</span>}
                    </>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => {
                const column = result.columns[index]!;
                return (
                  <td key={column.name} className={column.type === 'number' ? styles.numeric : undefined}>
                    {(values === 'labels' && cell !== null && dimensionText(column.name, String(cell))) ||
                      formatCell(cell, column)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </GridScroll>
  );
}
