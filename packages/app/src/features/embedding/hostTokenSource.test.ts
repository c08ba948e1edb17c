import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostTokenSource, tokenTimes } from './hostTokenSource.ts';

const MINUTE = 60_000;
const start = 1_700_000_000_000;
/** A JWT-shaped token issued at `issuedAtMs`, valid for an hour. */
const jwt = (issuedAtMs: number, lifetimeMs = 60 * MINUTE) =>
  `h.${btoa(JSON.stringify({ iat: issuedAtMs / 1000, exp: (issuedAtMs + lifetimeMs) / 1000 })).replace(/=+$/, '')}.s`;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});
afterEach(() => vi.useRealTimers());

describe('[T1] hostTokenSource', () => {
  it('reads when a JWT was issued and expires; without iat it assumes the one-hour lifetime; null for anything else', () => {
    expect(tokenTimes(jwt(start))).toEqual({ issuedAtMs: start, expiresAtMs: start + 60 * MINUTE });
    const noIat = `h.${btoa(JSON.stringify({ exp: start / 1000 + 3600 })).replace(/=+$/, '')}.s`;
    expect(tokenTimes(noIat)).toEqual({ issuedAtMs: start, expiresAtMs: start + 60 * MINUTE });
    expect(tokenTimes('not-a-jwt')).toBeNull();
  });

  it('answers from memory while the token is fresh and asks the host once for concurrent forced refreshes', async () => {
    const ask = vi.fn(async () => jwt(Date.now()));
    const source = hostTokenSource(jwt(start), ask);
    expect(await source.getToken()).toBe(jwt(start));
    expect(ask).not.toHaveBeenCalled();
    await Promise.all([source.getToken(true), source.getToken(true), source.getToken(true)]);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks for a fresh token when less than 5 minutes remain', async () => {
    const fresh = jwt(start);
    const source = hostTokenSource(jwt(start - 56 * MINUTE), async () => fresh);
    expect(await source.getToken()).toBe(fresh);
  });

  it('renews 55 minutes after issue without being asked, then again 55 minutes after the new token', async () => {
    const ask = vi.fn(async () => jwt(Date.now()));
    const source = hostTokenSource(jwt(start), ask);
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1);
    expect(ask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(await source.getToken()).toBe(jwt(start + 55 * MINUTE));
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('retries a failed renewal after 30 s, then 60 s, and keeps the token it has meanwhile', async () => {
    const ask = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('host offline'))
      .mockRejectedValueOnce(new Error('host offline'))
      .mockImplementation(async () => jwt(Date.now()));
    const source = hostTokenSource(jwt(start), ask);
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(await source.getToken()).toBe(jwt(start));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000 - 1);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(3);
    expect(await source.getToken()).toBe(jwt(start + 56.5 * MINUTE));
  });

  it('follows a token the host pushes: the old token’s renewal never fires', async () => {
    const ask = vi.fn(async () => jwt(Date.now()));
    const source = hostTokenSource(jwt(start), ask);
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    source.replace(jwt(start + 30 * MINUTE));
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1);
    expect(ask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('a forced refresh (after a 401) restarts the schedule from the new token', async () => {
    const ask = vi.fn(async () => jwt(Date.now()));
    const source = hostTokenSource(jwt(start), ask);
    await vi.advanceTimersByTimeAsync(40 * MINUTE);
    await source.getToken(true);
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it("[T2] exchanges each partner session token the host gives for an ID token, once, and renews on the ID token's schedule", async () => {
    let issued = 0;
    const exchange = vi.fn((hostToken: string) =>
      hostToken.startsWith('partner-') ? Promise.resolve(jwt(Date.now())) : null,
    );
    const ask = vi.fn(async () => `partner-${++issued}`);
    const source = hostTokenSource('partner-0', ask, exchange);
    expect(await source.getToken()).toBe(jwt(start));
    expect(await source.getToken()).toBe(jwt(start));
    expect(exchange).toHaveBeenCalledTimes(1);
    // 55 minutes after the ID token's issue: a new signed token from the host, exchanged in turn.
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(exchange).toHaveBeenLastCalledWith('partner-1');
    expect(await source.getToken()).toBe(jwt(start + 55 * MINUTE));
  });

  it('[T2] a refused exchange fails the ask that needed it, and the next need asks the host again', async () => {
    const refused = new Error('partner/replayed');
    const exchange = vi.fn((hostToken: string) =>
      hostToken === 'partner-used' ? Promise.reject(refused) : Promise.resolve(jwt(Date.now())),
    );
    const ask = vi.fn(async () => 'partner-fresh');
    const source = hostTokenSource('partner-used', ask, exchange);
    await expect(source.getToken()).rejects.toBe(refused);
    expect(ask).not.toHaveBeenCalled();
    expect(await source.getToken(true)).toBe(jwt(start));
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
