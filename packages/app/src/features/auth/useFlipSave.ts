// The card pattern of the change-password card and the name update. Saving flips the
// card to its saving face ("One sec..."), which stays at least 1 s; "Saved!" then shows for 0.5 s, and
// the card flips back after 1 s more. A failure turns to the result face with "Error: " and the text.
import * as constants from '@payportal/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

export type FlipFace = 'front' | 'saving' | 'saved' | 'failed';

const [SAVING_MIN_MS, SAVED_MS, FLIP_BACK_MS] = constants.CARD_FLIP_DELAYS_MS;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useFlipSave() {
  const [face, setFace] = useState<FlipFace>('front');
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** `action` rejects with the text to show; `afterSaved` runs once the card has flipped back. */
  const save = useCallback(async (action: () => Promise<void>, afterSaved?: () => void) => {
    if (running.current) return;
    running.current = true;
    setError(null);
    setFace('saving');
    try {
      await Promise.all([action(), wait(SAVING_MIN_MS)]);
      if (!mounted.current) return;
      setFace('saved');
      await wait(SAVED_MS + FLIP_BACK_MS);
      if (!mounted.current) return;
      setFace('front');
      afterSaved?.();
    } catch (failure) {
      if (!mounted.current) return;
      setError((failure as Error).message);
      setFace('failed');
    } finally {
      running.current = false;
    }
  }, []);

  const back = useCallback(() => setFace('front'), []);
  return { face, error, save, back };
}
