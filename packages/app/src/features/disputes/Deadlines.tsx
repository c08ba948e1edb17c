// The two countdowns of an open dispute: to the network's due date and to the organisation's internal
// cut-off (a setting, default 7 days before it). Words and colour, as in the queue.
import type { DisputeDetail } from '@payportal/shared/disputes';
import { DaysLeft } from './DaysLeft.tsx';
import { formatDay, STATUS_NAMES } from './disputeWords.ts';
import * as styles from './disputes.css.ts';

/** Days count from the API's `today` (the data's last day), as the queue's tabs do. */
export function Deadlines({ dispute }: { dispute: DisputeDetail }) {
  const today = dispute.today;
  if (!dispute.due_date)
    return <p className={styles.muted}>No deadline to meet: {STATUS_NAMES[dispute.status].toLowerCase()}.</p>;
  return (
    <dl className={styles.facts}>
      <dt>Network due date</dt>
      <dd>
        <time dateTime={dispute.due_date} data-testid="due-date">
          {formatDay(dispute.due_date)}
        </time>{' '}
        <DaysLeft due={dispute.due_date} today={today} />
      </dd>
      {dispute.cutoff_date && (
        <>
          <dt>Internal cut-off</dt>
          <dd>
            <time dateTime={dispute.cutoff_date}>{formatDay(dispute.cutoff_date)}</time>{' '}
            <DaysLeft due={dispute.cutoff_date} today={today} />
          </dd>
        </>
      )}
    </dl>
  );
}
