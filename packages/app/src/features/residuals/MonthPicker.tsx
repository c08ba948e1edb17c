// The month a residuals screen shows: complete months only (the API refuses the running one).
import * as styles from './residuals.css.ts';
import { lastCompleteMonth } from './residualWords.ts';

export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  return (
    <label className={styles.monthField}>
      Month
      <input
        type="month"
        value={month}
        max={lastCompleteMonth()}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
      />
    </label>
  );
}
