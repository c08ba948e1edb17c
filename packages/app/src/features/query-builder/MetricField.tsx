// The CSV metric field: one measure of the export, chosen from the catalogue, with what it
// means underneath and a way to remove it.
import type { CatalogueResponse, MeasureId } from '@payportal/shared/analytics';
import { useId } from 'react';
import * as styles from './queryBuilder.css.ts';

export interface MetricFieldProps {
  position: number;
  value: MeasureId;
  /** Measures the field may switch to: its own and those not chosen elsewhere. */
  choices: CatalogueResponse['measures'];
  onChange: (id: MeasureId) => void;
  onRemove: () => void;
  disabled?: boolean;
}

export function MetricField({ position, value, choices, onChange, onRemove, disabled }: MetricFieldProps) {
  const id = useId();
  const meta = choices.find((measure) => measure.id === value);
  const name = `Metric ${position}`;
  return (
    <li className={styles.field}>
      <label className={styles.visuallyHidden} htmlFor={id}>
        {name}
      </label>
      <div className={styles.inline}>
        <select
          id={id}
          className={styles.control}
          value={value}
          disabled={disabled}
          aria-describedby={`${id}-about`}
          onChange={(event) => onChange(event.currentTarget.value as MeasureId)}
        >
          {choices.map((measure) => (
            <option key={measure.id} value={measure.id}>
              {measure.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={`Remove ${meta?.label ?? name}`}
          disabled={disabled}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
      <p id={`${id}-about`} className={styles.hint}>
        {meta?.description}
      </p>
    </li>
  );
}
