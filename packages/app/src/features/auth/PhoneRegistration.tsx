// Two-factor phone registration: country code, phone, Send Code; then the code entry step.
// step 1 sending, step 2 done; on success the view flips to code entry; on failure the error.
import { useState, type FormEvent } from 'react';
import * as styles from './authLayout.css.ts';
import { FormAlert } from './FormAlert.tsx';
import { CodeEntry } from './CodeEntry.tsx';
import { flipIn } from './FlipCardFaces.css.ts';
import { COUNTRIES, DEFAULT_COUNTRY } from './countries.ts';
import { confirmEnrollment, lastFourDigits, sendEnrollmentCode } from './phoneFactor.ts';
import { toPhoneNumber } from './phoneNumber.ts';
import { ProgressSteps, type ProgressStep } from './ProgressSteps.tsx';
import { describeError, describeServiceError, SignInError } from './signInFlow.ts';
import { TextField } from './TextField.tsx';
import { useInvisibleRecaptcha } from './useInvisibleRecaptcha.ts';
import { useSingleFlight } from './useSingleFlight.ts';

interface PhoneRegistrationProps {
  /** Where the invisible reCAPTCHA lives (outside this step, so it survives the step's re-renders). */
  recaptchaHost: () => HTMLElement;
  onAbandon: (message: string) => void;
}

export function PhoneRegistration({ recaptchaHost, onAbandon }: PhoneRegistrationProps) {
  const recaptcha = useInvisibleRecaptcha(recaptchaHost);
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<ProgressStep>(-1);
  const [sent, setSent] = useState<{ verificationId: string; e164: string } | null>(null);
  const { busy, run } = useSingleFlight();

  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError(null);
      setStep(-1);
      const checked = toPhoneNumber(country, phone);
      setFieldError(checked.ok ? null : checked.error);
      if (!checked.ok) return;
      setStep(1);
      try {
        const verificationId = await sendEnrollmentCode(checked.e164, recaptcha());
        setStep(2);
        setSent({ verificationId, e164: checked.e164 });
      } catch (failure) {
        setStep(2);
        setError(describeServiceError(failure));
      }
    });
  };

  if (sent) {
    const confirm = async (code: string) => {
      try {
        await confirmEnrollment(sent.verificationId, code);
      } catch (failure) {
        if (failure instanceof SignInError) return onAbandon(describeError(failure, 'signIn'));
        throw new Error(describeServiceError(failure));
      }
    };
    // on success the view flips to login-code entry (none with prefers-reduced-motion).
    return (
      <div className={flipIn} data-face="code">
        <CodeEntry lastDigits={lastFourDigits(sent.e164)} onSubmit={confirm} sending={false} />
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={send} noValidate aria-label="Register your phone">
      <h1>Two-Factor Authentication</h1>
      <p>Register a mobile phone. We will text you a code each time you sign in.</p>
      <div className={styles.field}>
        <label htmlFor="country-code">Country code</label>
        <select
          id="country-code"
          className={styles.input}
          value={country.iso}
          onChange={(event) =>
            setCountry(COUNTRIES.find((option) => option.iso === event.target.value) ?? DEFAULT_COUNTRY)
          }
        >
          {COUNTRIES.map((option) => (
            <option key={option.iso} value={option.iso}>
              {option.viewValue} ({option.value})
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Phone number"
        name="phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        placeholder={country.placeholder}
        value={phone}
        onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
        error={fieldError}
      />
      <FormAlert message={error} />
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        Send Code
      </button>
      <ProgressSteps step={step} label="Phone registration progress" />
    </form>
  );
}
