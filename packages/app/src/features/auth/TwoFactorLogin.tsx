// Two-factor login: the SMS goes to the enrolled phone as soon as the step appears.
import { AUTH_ERROR_TEXTS } from '@payportal/shared/errors';
import type { MultiFactorResolver } from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { CodeEntry } from './CodeEntry.tsx';
import { FormAlert } from './FormAlert.tsx';
import { confirmSignInCode, lastFourDigits, phoneHint, sendSignInCode } from './phoneFactor.ts';
import { describeError, describeServiceError, SignInError } from './signInFlow.ts';
import { useInvisibleRecaptcha } from './useInvisibleRecaptcha.ts';

interface TwoFactorLoginProps {
  resolver: MultiFactorResolver;
  /** Where the invisible reCAPTCHA lives (outside this step, so it survives the step's re-renders). */
  recaptchaHost: () => HTMLElement;
  /** The sign-in ended (a check after the second factor failed): back to the form with this text. */
  onAbandon: (message: string) => void;
}

export function TwoFactorLogin({ resolver, recaptchaHost, onAbandon }: TwoFactorLoginProps) {
  const recaptcha = useInvisibleRecaptcha(recaptchaHost);
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    sendSignInCode(resolver, recaptcha()).then(setVerificationId, (error: unknown) =>
      setSendError(describeError(error, 'secondFactor')),
    );
  }, [resolver, recaptcha]);

  const submit = async (code: string) => {
    if (!verificationId) throw new Error(sendError ?? AUTH_ERROR_TEXTS.secondFactor['auth/missing-verification-id']);
    try {
      await confirmSignInCode(resolver, verificationId, code);
    } catch (error) {
      if (error instanceof SignInError) return onAbandon(describeError(error, 'signIn'));
      throw new Error(describeServiceError(error)); // a code check failure shows the service's message
    }
  };

  let digits = '';
  try {
    digits = lastFourDigits(phoneHint(resolver).phoneNumber);
  } catch {
    // No phone factor: sending fails with the catalogue's "factor info not found" text.
  }
  return (
    <>
      <CodeEntry lastDigits={digits} onSubmit={submit} sending={!verificationId && !sendError} />
      <FormAlert message={sendError} />
    </>
  );
}
