import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { impersonationTokenSource } from './impersonationTokenSource.ts';

const MINUTE = 60_000;
const start = 1_700_000_000_000;
let issued = 0;
/** What POST /api/auth/v1/impersonation/ answers: a new token valid for 15 minutes from now. */
const exchange = vi.fn(async () => ({
  token: `imp_${++issued}`,
  expires_at: new Date(Date.now() + 15 * MINUTE).toISOString(),
  read_only: true,
}));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
  issued = 0;
  exchange.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('impersonationTokenSource', () => {
  it('exchanges before the first call, once for concurrent calls, and answers from memory while the token is fresh', async () => {
    const source = impersonationTokenSource(exchange);
    expect(exchange).not.toHaveBeenCalled();
    expect(await Promise.all([source.getToken(), source.getToken(), source.getToken()])).toEqual([
      'imp_1',
      'imp_1',
      'imp_1',
    ]);
    vi.setSystemTime(start + 13 * MINUTE);
    expect(await source.getToken()).toBe('imp_1');
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('exchanges again when less than a minute remains, and at once when a refresh is forced (after a 401)', async () => {
    const source = impersonationTokenSource(exchange);
    await source.getToken();
    vi.setSystemTime(start + 14 * MINUTE + 1);
    expect(await source.getToken()).toBe('imp_2');
    expect(await source.getToken(true)).toBe('imp_3');
    expect(await source.getToken()).toBe('imp_3');
  });

  it('keeps no token after a failed exchange: the next call exchanges again', async () => {
    exchange.mockRejectedValueOnce(new Error('refused'));
    const source = impersonationTokenSource(exchange);
    await expect(source.getToken()).rejects.toThrow('refused');
    expect(await source.getToken()).toBe('imp_1');
  });
});
