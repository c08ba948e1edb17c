// Which rows the export holds: the two compound searches and the date field.
import { useId } from 'react';
import { CompoundField } from './CompoundField.tsx';
import { DateField } from './DateField.tsx';
import * as styles from './queryBuilder.css.ts';

export function FiltersCard({ disabled }: { disabled?: boolean }) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Filters
      </h2>
      <div className={styles.groups}>
        <CompoundField
          legend="Industry"
          parent={{ member: 'industry_group', label: 'Industry groups' }}
          child={{ member: 'industry', label: 'Industries (MCC)' }}
          disabled={disabled}
        />
        <CompoundField
          legend="Location"
          parent={{ member: 'region', label: 'Regions' }}
          child={{ member: 'state', label: 'States' }}
          disabled={disabled}
        />
        <DateField disabled={disabled} />
      </div>
    </section>
  );
}
