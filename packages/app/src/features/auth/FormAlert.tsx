import * as styles from './authLayout.css.ts';

/** The error of a whole form, announced when it appears (role="alert"); nothing when there is none. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  );
}
