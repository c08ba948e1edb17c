// One write at a time, with what happened in words: the result on success, null and the API's message
// on failure (a 403 says who may change the dashboard).
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';

export function useWriteAction() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const run = useCallback(async <T>(action: () => Promise<T>, success: string): Promise<T | null> => {
    setBusy(true);
    try {
      const result = await action();
      setMessage(success);
      return result;
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, message, run };
}
