import type { RecaptchaVerifier } from 'firebase/auth';
import { useCallback, useEffect, useRef } from 'react';
import { invisibleRecaptcha } from './phoneFactor.ts';

/** One invisible reCAPTCHA verifier per SMS step, made on first use in `host` and cleared on unmount. */
export function useInvisibleRecaptcha(host: () => HTMLElement): () => RecaptchaVerifier {
  const verifier = useRef<RecaptchaVerifier | null>(null);
  useEffect(() => () => verifier.current?.clear(), []);
  return useCallback(() => (verifier.current ??= invisibleRecaptcha(host())), [host]);
}
