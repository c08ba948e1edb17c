// Days to a due date in words and in colour (shared `daysLeft`): the words say it, the colour and the
// mark before them only repeat it, so nothing depends on seeing colour.
import { daysLeft } from '@payportal/shared/disputes';
import * as styles from './disputes.css.ts';

const MARKS = { overdue: '!', soon: '◷', open: '' } as const;

export function DaysLeft({ due, today }: { due: string | null; today: string }) {
  if (!due) return <span className={styles.muted}>Decided</span>;
  const { words, tone } = daysLeft(due, today);
  return (
    <span className={styles.daysLeft[tone]}>
      {MARKS[tone] && <span aria-hidden="true">{MARKS[tone]} </span>}
      {words}
    </span>
  );
}
