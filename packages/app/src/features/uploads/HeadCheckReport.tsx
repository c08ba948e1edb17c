// What the pre-upload check found, each problem with its line and column, before a byte is sent. It says
// what it checked, passed or not: merchants, duplicates and already-loaded sales are known only to the server.
import type { HeadCheck } from '@payportal/shared/uploads';
import * as styles from './uploads.css.ts';

const CHECKED_AFTER = 'Merchants, duplicates and sales loaded before are checked after the upload.';
const rowsInWords = (rows: number) => (rows === 1 ? 'the first row' : `the first ${rows} rows`);

export function HeadCheckReport({ check }: { check: HeadCheck }) {
  const problems = [...check.fatal, ...check.rows];
  if (!problems.length) {
    return (
      <p role="status">
        Check passed: the header and the column formats of {rowsInWords(check.rowsChecked)}. {CHECKED_AFTER}
      </p>
    );
  }
  return (
    <div role="alert">
      <p className={check.fatal.length ? styles.danger : undefined}>
        {check.fatal.length
          ? 'This file cannot be uploaded:'
          : `Problems in the header and column formats of ${rowsInWords(check.rowsChecked)} (those rows will be rejected):`}
      </p>
      <ul className={styles.problems}>
        {problems.slice(0, 20).map((problem, index) => (
          <li key={index}>
            Line {problem.line}
            {problem.column ? `, column ${problem.column}` : ''}: {problem.message}
          </li>
        ))}
      </ul>
      {problems.length > 20 && <p className={styles.muted}>and {problems.length - 20} more.</p>}
      {!check.fatal.length && <p className={styles.muted}>{CHECKED_AFTER}</p>}
    </div>
  );
}
