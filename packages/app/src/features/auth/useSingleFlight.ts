import { useCallback, useRef, useState } from 'react';

/**
 * Runs one submission at a time: a double-click or Enter pressed twice sends one request.
 * `busy` re-renders for the button; the ref blocks the second call before React has re-rendered.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
