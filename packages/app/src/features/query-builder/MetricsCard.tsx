// The CSV metrics card: the export's measures, each through a metric field, in column order.
import type { CatalogueResponse, MeasureId } from '@payportal/shared/analytics';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { addMeasure, builder, removeMeasure, replaceMeasure } from './builderStore.ts';
import { MetricField } from './MetricField.tsx';
import * as styles from './queryBuilder.css.ts';

export function MetricsCard({ measures, disabled }: { measures: CatalogueResponse['measures']; disabled?: boolean }) {
  const id = useId();
  const { measures: chosen } = useSnapshot(builder);
  const unused = measures.filter((measure) => !chosen.includes(measure.id as MeasureId));
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Metrics
      </h2>
      {chosen.length === 0 && <p className={styles.hint}>No metrics yet: add the figures each row should carry.</p>}
      <ol className={styles.plainList}>
        {chosen.map((measure, index) => (
          // Keyed by place: choosing another metric keeps the row (and the keyboard's focus on its select).
          <MetricField
            key={index}
            position={index + 1}
            value={measure}
            choices={measures.filter((item) => item.id === measure || !chosen.includes(item.id as MeasureId))}
            onChange={(next) => replaceMeasure(index, next)}
            onRemove={() => removeMeasure(index)}
            disabled={disabled}
          />
        ))}
      </ol>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-add`}>
          Add a metric
        </label>
        <select
          id={`${id}-add`}
          className={styles.control}
          value=""
          disabled={disabled || unused.length === 0}
          onChange={(event) => event.currentTarget.value && addMeasure(event.currentTarget.value as MeasureId)}
        >
          <option value="">Choose a metric…</option>
          {unused.map((measure) => (
            <option key={measure.id} value={measure.id}>
              {measure.label}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
