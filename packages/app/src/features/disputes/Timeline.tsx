// The dispute's history in order: the network's events and the desk's own actions, each with its date,
// stage, what happened and who did it.
import type { DisputeDetail } from '@payportal/shared/disputes';
import { eventWords, formatDay, STAGE_NAMES } from './disputeWords.ts';
import * as styles from './disputes.css.ts';

export function Timeline({ events }: { events: DisputeDetail['timeline'] }) {
  if (!events.length) return <p className={styles.muted}>No events yet.</p>;
  return (
    <ol className={styles.timeline} aria-label="Events">
      {events.map((event, index) => (
        <li key={index}>
          <time dateTime={event.date}>{formatDay(event.date)}</time>: <strong>{eventWords(event.event)}</strong>{' '}
          <span className={styles.muted}>
            ({event.stage ? `${STAGE_NAMES[event.stage]}, ` : ''}by {event.actor}
            {event.due_date ? `, due ${formatDay(event.due_date)}` : ''})
          </span>
        </li>
      ))}
    </ol>
  );
}
