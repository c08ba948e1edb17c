import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiClient.ts';
import { BUSY_ATTEMPTS, retryWhenBusy } from './retryWhenBusy.ts';

const busy = () =>
  new ApiError(429, 'analytics/busy', 'You have too many questions running and waiting: try again in 2 s.', 2);

describe('retryWhenBusy', () => {
  afterEach(() => vi.useRealTimers());

  it('asks again after the Retry-After the API gave, and answers with the first success', async () => {
    vi.useFakeTimers();
    const task = vi.fn<() => Promise<string>>().mockRejectedValueOnce(busy()).mockResolvedValueOnce('rows');
    const answer = retryWhenBusy(task);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('rows');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('lets any other error through at once', async () => {
    const task = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(400, 'api/bad-request', 'bad'));
    await expect(retryWhenBusy(task)).rejects.toMatchObject({ code: 'api/bad-request' });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('gives up with the busy error after its attempts', async () => {
    vi.useFakeTimers();
    const task = vi.fn<() => Promise<string>>().mockRejectedValue(busy());
    const answer = retryWhenBusy(task);
    const settled = expect(answer).rejects.toMatchObject({ code: 'analytics/busy' });
    await vi.advanceTimersByTimeAsync(60_000);
    await settled;
    expect(task).toHaveBeenCalledTimes(BUSY_ATTEMPTS);
  });

  it('stops waiting when the question is abandoned', async () => {
    const controller = new AbortController();
    const task = vi.fn<() => Promise<string>>().mockRejectedValue(busy());
    const answer = retryWhenBusy(task, controller.signal);
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(task).toHaveBeenCalledTimes(1);
  });
});
