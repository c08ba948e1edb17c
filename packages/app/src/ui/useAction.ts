// One pending change at a time, with the API's message when it is refused (or the caller's text when
// the API could not answer). `pending` names which change runs, for screens with several buttons.
import { useState } from 'react';
import { ApiError } from '../lib/apiClient.ts';

export function useAction<Tag extends string = 'change'>() {
  const [pending, setPending] = useState<Tag | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async <T>(
    work: () => Promise<T>,
    { tag, failure = 'The change could not be saved. Please try again.' }: { tag?: Tag; failure?: string } = {},
  ): Promise<T | undefined> => {
    setPending(tag ?? ('change' as Tag));
    setError(null);
    try {
      return await work();
    } catch (thrown) {
      setError(thrown instanceof ApiError ? thrown.message : failure);
      return undefined;
    } finally {
      setPending(null);
    }
  };
  return { pending, busy: pending !== null, error, setError, run };
}
