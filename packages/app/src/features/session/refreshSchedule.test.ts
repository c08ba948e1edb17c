import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshDelay, retryDelay, startRefreshSchedule, type TokenTimes } from './refreshSchedule.ts';

const MINUTE = 60_000;
const issuedAt = (ms: number): TokenTimes => ({ issuedAtMs: ms, expiresAtMs: ms + 60 * MINUTE });

describe('refreshDelay', () => {
  it('refreshes 55 minutes after issue', () => {
    expect(refreshDelay(issuedAt(0), 0)).toBe(55 * MINUTE);
    expect(refreshDelay(issuedAt(0), 20 * MINUTE)).toBe(35 * MINUTE);
  });

  it('refreshes at once when less than 5 minutes remain at start', () => {
    expect(refreshDelay(issuedAt(0), 55 * MINUTE + 1)).toBe(0);
    expect(refreshDelay(issuedAt(0), 70 * MINUTE)).toBe(0);
  });
});

describe('retryDelay', () => {
  it('starts at 30 s and doubles up to 16 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
  });
});

describe('startRefreshSchedule (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  const networkError = Object.assign(new Error('offline'), { code: 'auth/network-request-failed' });
  const options = (refresh: () => Promise<TokenTimes>, onFailed = vi.fn()) => ({
    token: issuedAt(0),
    refresh,
    isRetryable: (error: unknown) => (error as { code?: string }).code === 'auth/network-request-failed',
    onFailed,
  });

  it('refreshes at 55 minutes, then 55 minutes after each new token', async () => {
    const refresh = vi.fn(async () => issuedAt(Date.now()));
    const stop = startRefreshSchedule(options(refresh));
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(120 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('retries network failures after 30 s, 60 s, 120 s, and resets the backoff after a success', async () => {
    const refresh = vi
      .fn<() => Promise<TokenTimes>>()
      .mockRejectedValueOnce(networkError)
      .mockRejectedValueOnce(networkError)
      .mockRejectedValueOnce(networkError)
      .mockImplementation(async () => issuedAt(Date.now()));
    startRefreshSchedule(options(refresh));
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).toHaveBeenCalledTimes(4); // succeeded: next one 55 minutes later
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(5);
  });

  it('ends the session on a failure that is not the network (user disabled, token revoked)', async () => {
    const onFailed = vi.fn();
    const refresh = vi.fn(() => Promise.reject(Object.assign(new Error('disabled'), { code: 'auth/user-disabled' })));
    startRefreshSchedule(options(refresh, onFailed));
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(onFailed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once when started with a token that has under 5 minutes left', async () => {
    vi.setSystemTime(58 * MINUTE);
    const refresh = vi.fn(async () => issuedAt(Date.now()));
    startRefreshSchedule(options(refresh));
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
