// A chart's "view as table" twin and the table chart type: every cell of the
// answer in the catalogue's formats, sortable by any column (click or Enter on its header), and
// virtualised: only the rows in view are in the DOM, so 10,000 rows scroll smoothly.
import { formatCell, type QueryResult } from '@payportal/shared/analytics';
import { useMemo, useState } from 'react';
import { dimensionText } from '../../charts/dimensionText.ts';
import * as styles from './dashboards.css.ts';

const ROW_HEIGHT = 32;
const VIEW_ROWS = 12;

/**
 * `onPick`: the first column's values become buttons (drill-down by keyboard).
 * `periodNotes`: by date cell, why that period is not whole or final (periodMarks.ts), shown under the date.
 */
export function ChartTable({
  result,
  caption,
  onPick,
  pickLabel,
  periodNotes,
}: {
  result: QueryResult;
  caption: string;
  onPick?: (value: string) => void;
  pickLabel?: string;
  periodNotes?: ReadonlyMap<string, string>;
}) {
  const [sort, setSort] = useState<{ index: number; descending: boolean } | null>(null);
  const [top, setTop] = useState(0);
  const rows = useMemo(() => {
    if (!sort) return result.rows;
    const direction = sort.descending ? -1 : 1;
    return [...result.rows].sort((a, b) => {
      const [x, y] = [a[sort.index], b[sort.index]];
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x! < y! ? -1 : 1) * direction;
    });
  }, [result.rows, sort]);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - 4);
  const shown = rows.slice(first, first + VIEW_ROWS + 8);
  const cellText = (cell: QueryResult['rows'][number][number], index: number) =>
    (cell !== null && dimensionText(result.columns[index]!.name, String(cell))) ||
    formatCell(cell, result.columns[index]!);
  const toggle = (index: number) =>
    setSort((current) =>
      current?.index === index
        ? { index, descending: !current.descending }
        : { index, descending: result.columns[index]!.format !== null },
    );

  return (
    <div
      className={styles.tableScroll}
      style={{ maxHeight: ROW_HEIGHT * (VIEW_ROWS + 1) }}
      onScroll={(event) => setTop(event.currentTarget.scrollTop)}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className={styles.table} aria-rowcount={rows.length + 1}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {result.columns.map((column, index) => (
              <th
                key={column.name}
                scope="col"
                aria-sort={sort?.index === index ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                className={column.format ? styles.numeric : undefined}
              >
                <button type="button" className={styles.sortButton} onClick={() => toggle(index)}>
                  {column.label}
                  <span aria-hidden="true">{sort?.index === index ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first > 0 && <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} />}
          {shown.map((row, offset) => (
            <tr key={first + offset} aria-rowindex={first + offset + 2} style={{ height: ROW_HEIGHT }}>
              {row.map((cell, index) => (
                <td key={index} className={result.columns[index]!.format ? styles.numeric : undefined}>
                  {index === 0 && onPick && cell !== null ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      title={pickLabel}
                      onClick={() => onPick(String(cell))}
                    >
                      {cellText(cell, index)}
                    </button>
                  ) : (
                    cellText(cell, index)
                  )}
                  {typeof cell === 'string' && result.columns[index]!.type === 'date' && periodNotes?.has(cell) && (
                    <span className={styles.periodNote}>{periodNotes.get(cell)}</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
          {first + shown.length < rows.length && (
            <tr aria-hidden="true" style={{ height: (rows.length - first - shown.length) * ROW_HEIGHT }} />
          )}
        </tbody>
      </table>
    </div>
  );
}
