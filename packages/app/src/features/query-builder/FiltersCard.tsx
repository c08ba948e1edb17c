// Which rows the export holds: the compound searches and the date field. The portfolio's (sub-ISO →
// agent, by name) is the whole organisation's only: a scoped session's book is already chosen (README
// "Portfolio filters").
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/index.ts';
import { CompoundField } from './CompoundField.tsx';
import { DateField } from './DateField.tsx';
import * as styles from './queryBuilder.css.ts';

export function FiltersCard({ disabled }: { disabled?: boolean }) {
  const id = useId();
  const { current } = useSnapshot(session);
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
        {current.status === 'signedIn' && !current.scoped && (
          <CompoundField
            legend="Portfolio"
            parent={{ member: 'sub_iso', label: 'Sub-ISOs' }}
            child={{ member: 'agent', label: 'Agents' }}
            disabled={disabled}
          />
        )}
        <DateField disabled={disabled} />
      </div>
    </section>
  );
}
