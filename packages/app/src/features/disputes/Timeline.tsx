// The dispute's events in order (seq): date, stage, what happened and who did it.
import type { DisputeDetail } from '@payportal/shared/disputes';
import { formatDay, STAGE_NAMES } from './disputeWords.ts';
import * as styles from './disputes.css.ts';

const eventWords = (event: string) => {
  const words = event.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function Timeline({ events }: { events: DisputeDetail['events'] }) {
  if (!events.length) return <p className={styles.muted}>No events yet.</p>;
  return (
    <ol className={styles.timeline} aria-label="Events">
      {events.map((event) => (
        <li key={event.seq}>
          <time dateTime={event.event_date}>{formatDay(event.event_date)}</time>:{' '}
          <strong>{eventWords(event.event)}</strong>{' '}
          <span className={styles.muted}>
            ({STAGE_NAMES[event.stage]}, by {event.actor}
            {event.due_date ? `, due ${formatDay(event.due_date)}` : ''})
          </span>
        </li>
      ))}
    </ol>
  );
}
