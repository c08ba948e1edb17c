// Two-factor login: "Authentication Code" (placeholder Code, control mfaCode), Submit or Enter,
// 3-step progress. error cleared and step reset; invalid form stops; step 1 while verifying;
// step 2 after, with the error on failure.
import { validateVerificationCode } from '@payportal/shared/identity';
import { useState, type FormEvent } from 'react';
import * as styles from './authLayout.css.ts';
import { FormAlert } from './FormAlert.tsx';
import { ProgressSteps, type ProgressStep } from './ProgressSteps.tsx';
import { TextField } from './TextField.tsx';
import { useSingleFlight } from './useSingleFlight.ts';

interface CodeEntryProps {
  lastDigits: string;
  /** Resolves when the code was accepted; rejects with the text to show. */
  onSubmit: (code: string) => Promise<void>;
  sending: boolean;
}

export function CodeEntry({ lastDigits, onSubmit, sending }: CodeEntryProps) {
  const [step, setStep] = useState<ProgressStep>(-1);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { busy, run } = useSingleFlight();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('mfaCode') ?? '');
    void run(async () => {
      setError(null);
      setStep(-1);
      const invalid = validateVerificationCode(code);
      setFieldError(invalid);
      if (invalid) return;
      setStep(1);
      try {
        await onSubmit(code.trim());
        setStep(2);
      } catch (failure) {
        setStep(2);
        setError((failure as Error).message);
      }
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Two-Factor Authentication">
      <h1>Two-Factor Authentication</h1>
      <p role="status">
        {sending
          ? 'Sending a code to your phone…'
          : `A code has been sent to the phone number ending in ${lastDigits}.`}
      </p>
      <TextField
        label="Authentication Code"
        name="mfaCode"
        placeholder="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={fieldError}
        autoFocus
      />
      <FormAlert message={error} />
      <button type="submit" className={styles.primaryButton} disabled={busy || sending}>
        Submit
      </button>
      <ProgressSteps step={step} label="Two-factor progress" />
    </form>
  );
}
