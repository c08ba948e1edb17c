import { describe, expect, it, vi } from 'vitest';
import { hostTokenSource, tokenExpiry } from './hostTokenSource.ts';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
const now = 1_700_000_000_000;

describe('[T1] hostTokenSource', () => {
  it('reads the expiry of a JWT, and null for anything else', () => {
    expect(tokenExpiry(jwt(1_700_000_000))).toBe(1_700_000_000_000);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
  });

  it('answers from memory while the token is fresh and asks the host once for concurrent forced refreshes', async () => {
    const ask = vi.fn(async () => jwt(now / 1000 + 3600));
    const source = hostTokenSource(jwt(now / 1000 + 3600), ask, () => now);
    expect(await source.getToken()).toBe(jwt(now / 1000 + 3600));
    expect(ask).not.toHaveBeenCalled();
    await Promise.all([source.getToken(true), source.getToken(true), source.getToken(true)]);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks for a fresh token when less than 5 minutes remain (spec §9)', async () => {
    const fresh = jwt(now / 1000 + 3600);
    const source = hostTokenSource(jwt(now / 1000 + 240), async () => fresh, () => now);
    expect(await source.getToken()).toBe(fresh);
  });
});
