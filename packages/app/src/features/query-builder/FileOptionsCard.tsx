// How the CSV file is written: header labels or ids, values in words or codes (following the header
// until chosen), a BOM for Excel, gzip, and the
// formula-injection guard (on by default; turning it off is for people who know why).
import { csvValuesOf, type CsvValues } from '@payportal/shared/exports';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { builder, setCsvOption } from './builderStore.ts';
import * as styles from './queryBuilder.css.ts';

const SWITCHES = [
  { key: 'bom', label: 'Add a byte order mark (helps Excel read accents)' },
  { key: 'gzip', label: 'Compress the file (.csv.gz)' },
  { key: 'neutraliseFormulas', label: 'Protect against spreadsheet formulas in text' },
] as const;

export function FileOptionsCard({ disabled }: { disabled?: boolean }) {
  const id = useId();
  const { csv } = useSnapshot(builder);
  return (
    <section className={styles.card}>
      <fieldset className={styles.fieldset} disabled={disabled}>
        <legend className={styles.legend}>File</legend>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-header`}>
            Header row
          </label>
          <select
            id={`${id}-header`}
            className={styles.control}
            value={csv.header}
            onChange={(event) => setCsvOption('header', event.currentTarget.value as 'labels' | 'ids')}
          >
            <option value="labels">Column names</option>
            <option value="ids">Column ids (for scripts)</option>
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-values`}>
            Values
          </label>
          <select
            id={`${id}-values`}
            className={styles.control}
            value={csvValuesOf(csv)}
            onChange={(event) => setCsvOption('values', event.currentTarget.value as CsvValues)}
          >
            <option value="labels">Words (Visa, Card not present)</option>
            <option value="codes">Codes (visa, cnp)</option>
          </select>
        </div>
        <ul className={styles.plainList}>
          {SWITCHES.map(({ key, label }) => (
            <li key={key}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={csv[key]}
                  onChange={(event) => setCsvOption(key, event.currentTarget.checked)}
                />
                {label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
