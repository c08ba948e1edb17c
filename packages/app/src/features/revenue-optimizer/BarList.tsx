// A list of labelled horizontal bars (the waterfall, the distributions): each bar's length is its value
// against the largest, its figure written beside it, so the numbers are read, not guessed.
import * as css from './optimizer.css.ts';

export interface Bar {
  label: string;
  value: number;
  text: string;
  loss?: boolean;
}

export function BarList({ label, bars }: { label: string; bars: Bar[] }) {
  const largest = Math.max(1e-9, ...bars.map((item) => Math.abs(item.value)));
  return (
    <ul className={css.bars} aria-label={label}>
      {bars.map((item) => (
        <li key={item.label} className={css.bar}>
          <span className={css.barLabel}>{item.label}</span>
          <span className={css.barTrack} aria-hidden="true">
            <span
              className={`${css.barFill} ${item.loss ? css.barLoss : ''}`}
              style={{ left: 0, width: `${(Math.abs(item.value) / largest) * 100}%` }}
            />
          </span>
          <span className={css.barValue}>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}
