// What the pre-upload check found, each problem with its line and column, before a byte is sent.
import type { HeadCheck } from '@payportal/shared/uploads';
import * as styles from './uploads.css.ts';

export function HeadCheckReport({ check }: { check: HeadCheck }) {
  const problems = [...check.fatal, ...check.rows];
  if (!problems.length) {
    // It says what it checked: merchants, duplicates and already-loaded sales are known only to the server.
    return (
      <p role="status">
        Check passed: the header and the column formats of{' '}
        {check.rowsChecked === 1 ? 'the first row' : `the first ${check.rowsChecked} rows`}. Merchants, duplicates and
        sales loaded before are checked after the upload.
      </p>
    );
  }
  return (
    <div role="alert">
      <p className={check.fatal.length ? styles.danger : undefined}>
        {check.fatal.length
          ? 'This file cannot be uploaded:'
          : `Problems in the first ${check.rowsChecked} rows (those rows will be rejected; the others load):`}
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
    </div>
  );
}
