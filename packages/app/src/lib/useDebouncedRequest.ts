// Asks the API for `key`'s answer once typing or clicking has paused (`delayMs`), and aborts the
// request of an older key the moment a newer one exists (the builder must not hammer the
// API). The last answer stays on screen while a newer one loads, so the preview does not flicker.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './apiClient.ts';

export type RequestState<T> =
  | { status: 'idle'; data: null; error: null }
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: string };

type Settled<T> = { key: string; data: T | null; error: string | null };

/** `key` null: nothing to ask (idle). Equal keys are one question; `retry` asks it again. */
export function useDebouncedRequest<T>(
  key: string | null,
  request: (signal: AbortSignal) => Promise<T>,
  { delayMs, failure }: { delayMs: number; failure: string },
): RequestState<T> & { retry: () => void } {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const asked = key === null ? null : `${attempt}:${key}`;
  useEffect(() => {
    if (asked === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // Inside the promise: a request whose input checks throw before it is sent fails like any other.
      Promise.resolve(controller.signal)
        .then(request)
        .then(
          (data) => setSettled({ key: asked, data, error: null }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const message = error instanceof ApiError ? error.message : failure;
            setSettled((previous) => ({ key: asked, data: previous?.data ?? null, error: message }));
          },
        );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `request` is a new closure each render; the key says everything it asks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, delayMs, failure]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  if (asked === null) return { status: 'idle', data: null, error: null, retry };
  if (settled?.key !== asked) return { status: 'loading', data: settled?.data ?? null, error: null, retry };
  if (settled.error !== null) return { status: 'error', data: settled.data, error: settled.error, retry };
  return { status: 'ready', data: settled.data as T, error: null, retry };
}
