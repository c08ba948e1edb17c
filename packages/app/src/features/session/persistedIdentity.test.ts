import { afterEach, describe, expect, it } from 'vitest';
import { holdsPersistedIdentity, persistedIdentityKey } from './persistedIdentity.ts';

describe('holdsPersistedIdentity', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is false for a new visitor, whose storage holds no identity', () => {
    expect(holdsPersistedIdentity('test-key')).toBe(false);
  });

  it('is true for a user who stayed logged in (local storage)', () => {
    localStorage.setItem(persistedIdentityKey('test-key'), '{"uid":"seed-owner"}');
    expect(holdsPersistedIdentity('test-key')).toBe(true);
  });

  it('is true for a user signed in for this tab only (session storage)', () => {
    sessionStorage.setItem(persistedIdentityKey('test-key'), '{"uid":"seed-owner"}');
    expect(holdsPersistedIdentity('test-key')).toBe(true);
  });

  it('ignores an identity stored for another project (another API key)', () => {
    localStorage.setItem(persistedIdentityKey('other-key'), '{"uid":"seed-owner"}');
    expect(holdsPersistedIdentity('test-key')).toBe(false);
  });

  it('is false when storage is blocked', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(holdsPersistedIdentity('test-key', blocked)).toBe(false);
  });
});
