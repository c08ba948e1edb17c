// The stored form of an e-mail address.
import { describe, expect, it } from 'vitest';
import { emailSchema, normalizeEmail } from './domain.ts';

describe('normalizeEmail', () => {
  it('stores one form: trimmed, NFC, lower case without locale', () => {
    expect(normalizeEmail('  Ana.Lyst@ACME.Example ')).toBe('ana.lyst@acme.example');
    expect(normalizeEmail('Jose\u0301@x.example')).toBe('jos\u00e9@x.example');
    // a Turkish locale would give a dotless i; the stored form never depends on the server's locale
    expect(normalizeEmail('INFO@X.EXAMPLE')).toBe('info@x.example');
    expect(emailSchema.parse(' Owner@Acme.Example')).toBe('owner@acme.example');
  });
});
