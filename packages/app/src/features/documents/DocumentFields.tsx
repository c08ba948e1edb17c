// The fields the documents screen's forms and filters share: a document type picker and a month.
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@payportal/shared/documents';
import * as styles from './documents.css.ts';

export function TypeField<Type extends DocumentType>(props: {
  id: string;
  label: string;
  types: readonly Type[];
  value: Type | '';
  onChange: (value: Type | '') => void;
  anyLabel?: string;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value as Type | '')}
      >
        {props.anyLabel && <option value="">{props.anyLabel}</option>}
        {props.types.map((value) => (
          <option key={value} value={value}>
            {DOCUMENT_TYPE_LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function MonthField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  max?: string;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="month"
        required={props.required}
        max={props.max}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    </div>
  );
}

/** What became of a form's last submit: its success for the live region, its refusal as an alert. */
export function FormOutcome({ done, error }: { done: string; error: string | null }) {
  return (
    <>
      <p role="status" className={styles.message}>
        {done}
      </p>
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
    </>
  );
}
