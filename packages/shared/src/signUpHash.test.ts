import { describe, expect, it } from 'vitest';
import { decodeSignUpHash, encodeSignUpHash } from './signUpHash.ts';

describe('sign-up hash (spec §3: email and name)', () => {
  it('round-trips an invitee, including non-ASCII names, as URL-safe text', () => {
    const payload = { email: 'zoe.mueller+ops@acme.example', name: 'Zoë Müller-Ødegård ✓' };
    const hash = encodeSignUpHash(payload);
    expect(hash).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSignUpHash(hash)).toEqual(payload);
  });

  it('drops fields other than email and name', () => {
    const hash = btoa(JSON.stringify({ email: 'a@acme.example', name: 'A', roles: ['org_owner'] })).replace(/=+$/, '');
    expect(decodeSignUpHash(hash)).toEqual({ email: 'a@acme.example', name: 'A' });
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc$%^'],
    ['not JSON', btoa('hello').replace(/=+$/, '')],
    ['JSON without an e-mail', btoa(JSON.stringify({ name: 'A' })).replace(/=+$/, '')],
    ['an invalid e-mail', btoa(JSON.stringify({ email: 'nope', name: 'A' })).replace(/=+$/, '')],
    ['an empty name', btoa(JSON.stringify({ email: 'a@acme.example', name: '' })).replace(/=+$/, '')],
    ['invalid UTF-8', btoa('\xff\xfe').replace(/=+$/, '')],
    ['too long', 'A'.repeat(4096)],
  ])('answers null for a hash that is %s', (_label, hash) => {
    expect(decodeSignUpHash(hash)).toBeNull();
  });

  it('refuses to encode a payload that would not decode', () => {
    expect(() => encodeSignUpHash({ email: 'not-an-address', name: 'A' })).toThrow();
  });
});
