// The CSV entry card: the export's name and description, which saving requires and the file
// name comes from.
import { EXPORT_DESCRIPTION_MAX, EXPORT_NAME_MAX } from '@payportal/shared/exports';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { builder, setEntry } from './builderStore.ts';
import * as styles from './queryBuilder.css.ts';

export function EntryCard({ disabled, nameError }: { disabled?: boolean; nameError?: string | null }) {
  const id = useId();
  const { name, description } = useSnapshot(builder);
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Export details
      </h2>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className={styles.control}
          value={name}
          maxLength={EXPORT_NAME_MAX}
          disabled={disabled}
          placeholder="e.g. Monthly volume by state"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => setEntry('name', event.currentTarget.value)}
        />
        {nameError && (
          <p id={`${id}-name-error`} className={styles.fieldError}>
            {nameError}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-description`}>
          Description <span className={styles.hint}>(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          className={styles.control}
          rows={2}
          maxLength={EXPORT_DESCRIPTION_MAX}
          value={description}
          disabled={disabled}
          onChange={(event) => setEntry('description', event.currentTarget.value)}
        />
      </div>
    </section>
  );
}
