import { describe, expect, it } from 'vitest';
import { createExpiringCache } from './expiringCache.ts';

describe('expiring cache', () => {
  it('forgets an entry once it expires and drops the oldest entry beyond its size', () => {
    let now = 1000;
    const cache = createExpiringCache<string>(2, () => now);
    cache.set('a', 'A', 1500);
    cache.set('b', 'B', 3000);
    expect(cache.get('a')).toBe('A');
    now = 1500;
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', 'C', 3000);
    cache.set('d', 'D', 3000);
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, 'C', 'D']);
  });
});
