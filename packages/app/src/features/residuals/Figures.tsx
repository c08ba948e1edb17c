// A row of labelled figures (a statement's totals), read as a description list: the label first for
// a screen reader, the figure shown above it.
import * as styles from './residuals.css.ts';

export function Figures({ items, label }: { items: [string, string][]; label: string }) {
  return (
    <dl className={styles.figures} aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name} className={styles.figure}>
          <dt className={styles.figureLabel}>{name}</dt>
          <dd className={styles.figureValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
