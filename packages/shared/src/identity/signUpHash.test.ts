import { describe, expect, it } from 'vitest';
import { decodeSignUpHash, encodeSignUpHash } from './signUpHash.ts';

const invite = 'Q2hhbmdlLW1lLXRoaXMtaXMtbm90LWEtcmVhbC1zZWM';
const hashOf = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');

describe('sign-up hash (email and name; the invitation secret)', () => {
  it('round-trips an invitee, including non-ASCII names, as URL-safe text', () => {
    const payload = { email: 'zoe.mueller+ops@acme.example', name: 'Zoë Müller-Ødegård ✓', invite };
    const hash = encodeSignUpHash(payload);
    expect(hash).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSignUpHash(hash)).toEqual(payload);
  });

  it('drops fields other than email, name and invite', () => {
    expect(decodeSignUpHash(hashOf({ email: 'a@acme.example', name: 'A', invite, roles: ['org_owner'] }))).toEqual({
      email: 'a@acme.example',
      name: 'A',
      invite,
    });
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc$%^'],
    ['not JSON', btoa('hello').replace(/=+$/, '')],
    ['JSON without an e-mail', hashOf({ name: 'A', invite })],
    ['an invalid e-mail', hashOf({ email: 'nope', name: 'A', invite })],
    ['an empty name', hashOf({ email: 'a@acme.example', name: '', invite })],
    // links made before invitations carried a secret cannot be accepted: the owner makes a new one
    ['without an invitation secret', hashOf({ email: 'a@acme.example', name: 'A' })],
    ['a secret of the wrong form', hashOf({ email: 'a@acme.example', name: 'A', invite: 'short' })],
    ['invalid UTF-8', btoa('\xff\xfe').replace(/=+$/, '')],
    ['too long', 'A'.repeat(4096)],
  ])('answers null for a hash that is %s', (_label, hash) => {
    expect(decodeSignUpHash(hash)).toBeNull();
  });

  it('refuses to encode a payload that would not decode', () => {
    expect(() => encodeSignUpHash({ email: 'not-an-address', name: 'A', invite })).toThrow();
  });
});
