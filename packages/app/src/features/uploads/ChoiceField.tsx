// A labelled select over a fixed list (kind, mode, status, person), with an optional "any" first option.
import * as styles from './uploads.css.ts';

interface ChoiceFieldProps<Value extends string> {
  id: string;
  label: string;
  value: Value | '';
  options: readonly Value[];
  labels: Record<Value, string>;
  /** The text of the empty choice ("All kinds"); without it one of `options` must be chosen. */
  anyLabel?: string;
  disabled?: boolean;
  onChange: (value: Value | '') => void;
}

export function ChoiceField<Value extends string>({
  id,
  label,
  value,
  options,
  labels,
  anyLabel,
  disabled,
  onChange,
}: ChoiceFieldProps<Value>) {
  return (
    <div className={styles.control}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value as Value | '')}
      >
        {anyLabel && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
