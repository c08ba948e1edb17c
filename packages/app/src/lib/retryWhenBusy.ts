// The API admits each user's analytics questions a few at a time and answers the rest 429 analytics/busy
// with Retry-After. A dashboard of many charts (each with its comparison and sparkline) can pass that
// limit on its own when the engine is slow; its charts wait their turn and ask again instead of showing
// an error. Past the attempts, or for any other error, the error stands.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { ApiError } from './apiClient.ts';

export const BUSY_ATTEMPTS = 6;
const LONGEST_WAIT_MS = 10_000;

export async function retryWhenBusy<T>(
  task: () => Promise<T>,
  signal?: AbortSignal,
  attempts = BUSY_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== API_ERROR_CODES.analyticsBusy || attempt >= attempts)
        throw error;
      await pause(Math.min(LONGEST_WAIT_MS, (error.retryAfterSeconds ?? 1) * 1000), signal);
    }
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
