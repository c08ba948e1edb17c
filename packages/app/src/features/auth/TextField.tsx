import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import * as styles from './authLayout.css.ts';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  /** Shown under the field, and read by screen readers with it. */
  hint?: string;
  after?: ReactNode;
}

/** A labelled input whose error is announced with it (aria-describedby), never a toast far away. */
export function TextField({ label, error, hint, after, ...input }: TextFieldProps) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.inline}>
        <input
          id={id}
          className={styles.input}
          style={{ flex: 1, minWidth: 0 }}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...input}
        />
        {after}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
