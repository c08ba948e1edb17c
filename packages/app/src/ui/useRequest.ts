// Loads whatever `load` answers whenever `key` changes, at once: useDebouncedRequest without the pause,
// in the shape the lists read (a newer load aborts the older; the previous answer stays on screen while
// a new one loads, so a list does not blink empty between pages).
import { useDebouncedRequest } from '../lib/useDebouncedRequest.ts';

export interface ListRequest<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

export function useRequest<T>(key: string, load: (signal: AbortSignal) => Promise<T>, failure: string): ListRequest<T> {
  const state = useDebouncedRequest(key, load, { delayMs: 0, failure });
  return { loading: state.status === 'loading', data: state.data, error: state.error };
}
