// spec §2 Sign-up /sign-up/{hash}: two panes with branding; email and name from the hash, read-only;
// password rules of spec §5 with the hint, submit disabled until they hold; then "You're almost done".
import { decodeSignUpHash, PASSWORD_HINT, validateNewPassword, validatePasswordConfirmation } from '@payportal/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import * as styles from './authLayout.css.ts';
import { signUp } from './signUp.ts';
import { TextField } from './TextField.tsx';
import { useSingleFlight } from './useSingleFlight.ts';

export function SignUpScreen({ hash = '' }: { hash?: string }) {
  const payload = useMemo(() => decodeSignUpHash(hash), [hash]);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { busy, run } = useSingleFlight();

  if (!payload) {
    return (
      <div className={styles.page}>
        <div className={styles.card}>
          <h1>This sign-up link is not valid</h1>
          <p>The link may be incomplete or damaged. Please copy the whole link from your invitation email, or ask your administrator for a new invitation.</p>
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

  const passwordError = validateNewPassword(password);
  const confirmationError = validatePasswordConfirmation(password, confirmation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passwordError || confirmationError) return;
    void run(async () => {
      setError(null);
      try {
        await signUp(payload, password);
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
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={password ? passwordError : null}
            hint={PASSWORD_HINT}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={confirmation ? confirmationError : null}
          />
          {error && (
            <p role="alert" className={styles.alert}>
              {error}
            </p>
          )}
          <button type="submit" className={styles.primaryButton} disabled={busy || Boolean(passwordError || confirmationError)}>
            Sign Up
          </button>
        </form>
      </section>
    </div>
  );
}
