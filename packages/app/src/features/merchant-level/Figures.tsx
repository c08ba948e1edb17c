// A row of headline figures: label above value.
import * as css from './merchantLevel.css.ts';

export function Figures({ items }: { items: readonly (readonly [label: string, value: string])[] }) {
  return (
    <dl className={css.facts}>
      {items.map(([label, value]) => (
        <div key={label} className={css.fact}>
          <dt className={css.factLabel}>{label}</dt>
          <dd className={css.factValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
