// Sign-in: email, password with show/hide, required terms, stay logged in, Sign In, Forgot
// Password, Request Credentials, 3-step progress. The email is read from the field itself
// (password managers fill fields without React seeing it), and the terms must be accepted.
import * as constants from '@payportal/shared/constants';
import { AUTH_ERROR_TEXTS } from '@payportal/shared/errors';
import { validateEmail, validateRequired } from '@payportal/shared/identity';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { portalConfig } from '../../lib/config.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import * as styles from './authLayout.css.ts';
import { FormAlert } from './FormAlert.tsx';
import { ProgressSteps, type ProgressStep } from './ProgressSteps.tsx';
import type { Credentials } from './signInFlow.ts';
import { TextField } from './TextField.tsx';
import { useSingleFlight } from './useSingleFlight.ts';

// Loaded when opened: the sign-in page's own bundle stays small (bench:app).
const TermsReadDialog = lazy(() => import('../terms/index.ts').then((module) => ({ default: module.TermsReadDialog })));

interface CredentialsFormProps {
  /** Resolves when this form's part is done; rejects with the text to show. */
  onSubmit: (credentials: Credentials) => Promise<void>;
  error: string | null;
}

export function CredentialsForm({ onSubmit, error: outsideError }: CredentialsFormProps) {
  const [step, setStep] = useState<ProgressStep>(-1);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [showPassword, setShowPassword] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [toggleReady, setToggleReady] = useState(false);
  const { busy, run } = useSingleFlight();

  // the password toggle is applied 1 s after load.
  useEffect(() => {
    const timer = setTimeout(() => setToggleReady(true), constants.PASSWORD_TOGGLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '');
    const password = String(data.get('password') ?? '');
    void run(async () => {
      setError(null);
      setStep(-1);
      const errors = { email: validateEmail(email), password: validateRequired(password, 'Password') };
      setFieldErrors(errors);
      if (data.get('terms') !== 'on') return setError(AUTH_ERROR_TEXTS.signIn.terms);
      if (errors.email || errors.password) return;
      setStep(1);
      try {
        await onSubmit({ email: email.trim(), password, stayLoggedIn: data.get('stayLoggedIn') === 'on' });
        setStep(2);
      } catch (failure) {
        setStep(-1);
        setError((failure as Error).message);
      }
    });
  };

  const shownError = error ?? outsideError;
  const supportEmail = supportAddress();
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in">
      <h1>Sign in to PayPortal</h1>
      <p className={styles.notice}>
        PayPortal is moving to a new platform. Please sign in there with your existing credentials.
      </p>
      <TextField label="Email" name="email" type="email" autoComplete="username" error={fieldErrors.email} />
      <TextField
        label="Password"
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        error={fieldErrors.password}
        after={
          <button
            type="button"
            className={`${secondaryButton} ${styles.revealButton}`}
            onClick={() => setShowPassword((shown) => !shown)}
            disabled={!toggleReady}
            aria-pressed={showPassword}
          >
            {showPassword ? 'Hide password' : 'Show password'}
          </button>
        }
      />
      <div className={styles.inline}>
        {/* The button sits beside the label, not in it: a label names only its checkbox. */}
        <label className={styles.inline}>
          <input type="checkbox" name="terms" aria-label="I accept the Terms and Conditions" /> I accept the
        </label>
        <button type="button" className={styles.linkButton} onClick={() => setTermsOpen(true)}>
          Terms and Conditions
        </button>
      </div>
      {termsOpen && (
        <Suspense fallback={null}>
          <TermsReadDialog onClose={() => setTermsOpen(false)} />
        </Suspense>
      )}
      <label className={styles.inline}>
        <input type="checkbox" name="stayLoggedIn" /> Stay logged in
      </label>
      <FormAlert message={shownError} />
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        Sign In
      </button>
      <ProgressSteps step={step} label="Sign-in progress" />
      <div className={styles.linkRow}>
        <Link href="/forgot-password">Forgot Password</Link>
        <a href={`mailto:${supportEmail}?subject=${encodeURIComponent('PayPortal credentials request')}`}>
          Request Credentials
        </a>
      </div>
    </form>
  );
}

/** main.tsx validated the page configuration at start; a test page without one gets no address. */
function supportAddress(): string {
  try {
    return portalConfig().supportEmail;
  } catch {
    return '';
  }
}
