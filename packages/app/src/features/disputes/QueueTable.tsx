// One page or more of the queue: a row per dispute, linked to its detail page, with the days left in
// words and colour, second after the id so it stays in view when the table scrolls sideways. Amount, received and due date sort on the server; aria-sort says which and how.
import type { DISPUTE_SORTS, DisputeQueueItem } from '@payportal/shared/disputes';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';
import { DaysLeft } from './DaysLeft.tsx';
import { formatAmount, formatDay, NETWORK_NAMES, STAGE_NAMES } from './disputeWords.ts';
import * as styles from './disputes.css.ts';

export type QueueSort = (typeof DISPUTE_SORTS)[number];
export interface SortState {
  sort: QueueSort;
  order: 'asc' | 'desc';
}

function SortHeader({
  column,
  label,
  sorted,
  onSort,
  numeric,
}: {
  column: QueueSort;
  label: string;
  sorted: SortState;
  onSort: (next: SortState) => void;
  numeric?: boolean;
}) {
  const active = sorted.sort === column;
  return (
    <th
      scope="col"
      className={numeric ? styles.numeric : undefined}
      aria-sort={active ? (sorted.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={styles.sortButton}
        onClick={() => onSort({ sort: column, order: active && sorted.order === 'asc' ? 'desc' : 'asc' })}
      >
        {label}
        <span aria-hidden="true">{active ? (sorted.order === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

export function QueueTable({
  items,
  sorted,
  onSort,
  today,
}: {
  items: readonly DisputeQueueItem[];
  sorted: SortState;
  onSort: (next: SortState) => void;
  today: string;
}) {
  const header = (column: QueueSort, label: string, numeric?: boolean) => (
    <SortHeader column={column} label={label} sorted={sorted} onSort={onSort} numeric={numeric} />
  );
  return (
    <GridScroll label="Disputes, scrollable" className={styles.tableScroll}>
      <table className={styles.table} aria-label="Disputes">
        <thead>
          <tr>
            <th scope="col">Chargeback</th>
            <th scope="col">Days left</th>
            {header('due_date', 'Due')}
            {header('amount', 'Amount', true)}
            <th scope="col">Network</th>
            <th scope="col">Reason</th>
            <th scope="col">Merchant</th>
            <th scope="col">Stage</th>
            {header('received_date', 'Received')}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.chargeback_id}>
              <td>
                <Link to={paths.dispute(item.chargeback_id)}>{item.chargeback_id}</Link>
              </td>
              <td>
                <DaysLeft due={item.due_date} today={today} />
              </td>
              <td>{item.due_date ? formatDay(item.due_date) : '—'}</td>
              <td className={styles.numeric}>{formatAmount(item.amount)}</td>
              <td>{NETWORK_NAMES[item.network]}</td>
              <td>{item.reason_code}</td>
              <td>{item.merchant_id}</td>
              <td>{STAGE_NAMES[item.stage]}</td>
              <td>{formatDay(item.received_date)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </GridScroll>
  );
}
