// Sign-up /sign-up/{hash}: two panes with branding; email and name from the hash, read-only;
// password rules with the hint, submit disabled until they hold; then "You're almost done".
import { decodeSignUpHash } from '@payportal/shared/identity';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import * as styles from './authLayout.css.ts';
import { FormAlert } from './FormAlert.tsx';
import { isNewPasswordValid, NewPasswordFields } from './NewPasswordFields.tsx';
import { signUp } from './signUp.ts';
import { TextField } from './TextField.tsx';
import { useSingleFlight } from './useSingleFlight.ts';

export function SignUpScreen({ hash = '' }: { hash?: string }) {
  const payload = useMemo(() => decodeSignUpHash(hash), [hash]);
  const [value, setValue] = useState({ password: '', confirmation: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { busy, run } = useSingleFlight();

  if (!payload) {
    return (
      <div className={styles.page}>
        <div className={styles.card}>
          <h1>This sign-up link is not valid</h1>
          <p>
            The link may be incomplete or damaged. Please copy the whole link from your invitation email, or ask your
            administrator for a new invitation.
          </p>
          <Link href="/auth">Back to Login</Link>
        </div>
      </div>
    );
  }
  if (done) {
    return (
      <div className={styles.page}>
        <div className={styles.card}>
          <h1>You're almost done</h1>
          <p>We sent a verification link to {payload.email}. Please verify your email address, then sign in.</p>
          <Link href="/auth">Back to Login</Link>
        </div>
      </div>
    );
  }

  const valid = isNewPasswordValid(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    void run(async () => {
      setError(null);
      try {
        await signUp(payload, value.password);
        setDone(true);
      } catch (failure) {
        setError((failure as Error).message);
      }
    });
  };

  return (
    <div className={styles.twoPane}>
      <section className={styles.brandPane}>
        <p style={{ fontSize: '2rem', fontWeight: 700, margin: 0 }}>PayPortal</p>
        <p>The big data solution for the modern acquirer.</p>
      </section>
      <section className={styles.page}>
        <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate aria-label="Sign up">
          <h1>Create your account</h1>
          <TextField label="Email" name="email" value={payload.email} readOnly />
          <TextField label="Name" name="name" value={payload.name} readOnly />
          <NewPasswordFields value={value} onChange={setValue} />
          <FormAlert message={error} />
          <button type="submit" className={styles.primaryButton} disabled={busy || !valid}>
            Sign Up
          </button>
        </form>
      </section>
    </div>
  );
}
