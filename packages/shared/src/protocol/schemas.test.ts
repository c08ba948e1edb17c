import { describe, expect, it } from 'vitest';
import { frameEventSchema, hostSessionSchema, portalPathSchema } from './schemas.ts';

const session = { token: 'a.b.c', email: 'analyst@acme.example', name: 'Quinn Analyst', impersonation: false };

describe('[V2] hostSessionSchema', () => {
  it('takes a well-formed session and drops unknown and __proto__ keys', () => {
    const parsed = hostSessionSchema.parse({
      ...JSON.parse('{"__proto__":{"admin":true},"extra":1}'),
      ...session,
      initPath: '/dashboards',
    });
    expect(parsed).toEqual({ ...session, initPath: '/dashboards' });
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect((parsed as Record<string, unknown>).admin).toBeUndefined();
  });

  it.each([
    ['an oversized token', { token: 'x'.repeat(16_385) }],
    ['an empty token', { token: '' }],
    ['an invalid e-mail', { email: 'not an address' }],
    ['a name over 200 characters', { name: 'n'.repeat(201) }],
    ['a string flag', { impersonation: 'true' }],
  ])('refuses %s', (_, change) => {
    expect(hostSessionSchema.safeParse({ ...session, ...change }).success).toBe(false);
  });
});

describe('[V2] portalPathSchema', () => {
  it.each([
    '/home',
    '/dashboard/12/chart/3/edit',
    '/csv/new?x=1',
    '/merchant/1234?from=2026-01-01&q=a%20b',
    '/docs/v1.2/file.pdf',
  ])('takes %s', (path) => {
    expect(portalPathSchema.safeParse(path).success).toBe(true);
  });

  it.each([
    'home',
    '//evil.example/',
    '/\\evil.example',
    '/a\nb',
    '/a\u007fb',
    '/a\u0085b',
    `/${'a'.repeat(2048)}`,
    '/csv/../admin',
    '/csv/./x',
    '/..',
    '/csv/..?x=1',
    '/csv//x',
    '/%2f%2fevil.example',
    '/%2Fevil',
    '/a%5cb',
    '/%2e%2e/admin',
    'javascript:alert(1)',
    'https://evil.example/',
  ])('refuses %j', (path) => {
    expect(portalPathSchema.safeParse(path).success).toBe(false);
  });
});

describe('[M2] frameEventSchema', () => {
  it('takes each event the frame reports and refuses unknown types and bad heights', () => {
    const session = { type: 'session', isEmbedded: true, isOwner: false, impersonating: null, readOnly: false };
    expect(frameEventSchema.parse(session)).toEqual(session);
    // M6: support staff viewing a user's portal, read-only.
    const viewing = {
      ...session,
      impersonating: { user: 'owner@acme.example', by: 'support@payportal.example' },
      readOnly: true,
    };
    expect(frameEventSchema.parse(viewing)).toEqual(viewing);
    expect(frameEventSchema.parse({ type: 'tokenRejected', reason: 'partner/replayed' })).toEqual({
      type: 'tokenRejected',
      reason: 'partner/replayed',
    });
    expect(frameEventSchema.safeParse({ type: 'logout' }).success).toBe(false);
    expect(frameEventSchema.safeParse({ type: 'height', height: 10.5 }).success).toBe(false);
  });
});
