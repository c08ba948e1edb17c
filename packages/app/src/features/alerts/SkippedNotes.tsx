// Who a run left out and why: the API answers them to the creator and the owners only.
import { mailSkipText, type MailSkip } from '@payportal/shared/alerts';
import * as styles from './alerts.css.ts';

export function SkippedNotes({ skips }: { skips: readonly MailSkip[] }) {
  if (!skips.length) return null;
  return (
    <ul className={styles.skips} aria-label="Skipped">
      {skips.map((skip, index) => (
        <li key={index}>
          {mailSkipText(skip)} <span className={styles.muted}>({new Date(skip.at).toLocaleString()})</span>
        </li>
      ))}
    </ul>
  );
}
