// Loads whatever `load` answers whenever `key` changes; a newer load aborts the older. While a new answer
// loads, the previous one stays on screen (a list does not blink empty between pages).
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/apiClient.ts';

export interface RequestState<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

export function useRequest<T>(key: string, load: (signal: AbortSignal) => Promise<T>, failure: string): RequestState<T> {
  const [result, setResult] = useState<{ key: string; data: T | null; error: string | null } | null>(null);
  // The latest load, without making every render's new function a reason to load again.
  const latest = useRef(load);
  // Declared first, so it runs before the load below on the same render.
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const controller = new AbortController();
    latest.current(controller.signal).then(
      (data) => setResult({ key, data, error: null }),
      (thrown: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, data: null, error: thrown instanceof ApiError ? thrown.message : failure });
      },
    );
    return () => controller.abort();
  }, [key, failure]);
  const loading = result?.key !== key;
  return { loading, data: result?.data ?? null, error: loading ? null : (result?.error ?? null) };
}
