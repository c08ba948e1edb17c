// Forgot password; the confirmation shows whether or not the request succeeded, so the
// screen never tells anyone which addresses have accounts.
import { validateEmail } from '@payportal/shared/identity';
import { sendPasswordResetEmail } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { firebaseAuth } from '../../lib/firebase.ts';
import * as styles from './authLayout.css.ts';
import { TextField } from './TextField.tsx';
import { useSingleFlight } from './useSingleFlight.ts';

export function ForgotPasswordScreen() {
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { busy, run } = useSingleFlight();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    void run(async () => {
      const invalid = validateEmail(email);
      setFieldError(invalid);
      if (invalid) return;
      await sendPasswordResetEmail(firebaseAuth(), email).catch(() => undefined);
      setDone(true);
    });
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        {done ? (
          <>
            <h1>You're almost done</h1>
            <p>
              If an account exists for that email address, we have sent it a link to reset your password. Please check
              your email.
            </p>
            <Link href="/auth">Back to Login</Link>
          </>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate aria-label="Forgot password">
            <h1>Forgot your password?</h1>
            <p>Enter your email address and we will send you a link to reset your password.</p>
            <TextField label="Email" name="email" type="email" autoComplete="username" error={fieldError} autoFocus />
            <button type="submit" className={styles.primaryButton} disabled={busy}>
              Send Password Reset Email
            </button>
            <Link href="/auth">Back to Login</Link>
          </form>
        )}
      </div>
    </div>
  );
}
