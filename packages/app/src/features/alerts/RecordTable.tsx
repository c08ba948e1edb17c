// The alerts screen's two tables (alerts, subscriptions): column headings, one row per record (sideways
// scrolling on a phone, with GridScroll's cue), and each row's actions as small buttons, an action left
// out where the caller may not use it.
import type { ReactNode } from 'react';
import { secondaryButton } from '../../ui/button.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';
import * as styles from './alerts.css.ts';

export function RecordTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <GridScroll label={`${label}, scrollable`} className={styles.tableScroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </GridScroll>
  );
}

export interface RowAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** A button that opens something below the row (its aria-expanded). */
  expanded?: boolean;
  /** False for an action this caller may not take: the button is not drawn. */
  shown?: boolean;
}

export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className={styles.rowActions}>
      {actions
        .filter((action) => action.shown !== false)
        .map((action) => (
          <button
            key={action.label}
            type="button"
            className={`${secondaryButton} ${styles.smallButton}`}
            aria-expanded={action.expanded}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
    </div>
  );
}
