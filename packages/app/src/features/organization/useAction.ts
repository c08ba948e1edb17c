import { useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';

/** One pending change at a time, with the API's message when it is refused. */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setPending(true);
    setError(null);
    try {
      return await work();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The change could not be saved. Please try again.');
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}
