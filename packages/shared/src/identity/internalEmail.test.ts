import { describe, expect, it } from 'vitest';
import { isInternalEmail } from './internalEmail.ts';

const config = { internalEmailDomains: ['payportal.example'], internalEmails: ['ops@partner.example'] };

describe('isInternalEmail', () => {
  it('matches the configured domains and single addresses, in any case', () => {
    expect(isInternalEmail('staff@payportal.example', config)).toBe(true);
    expect(isInternalEmail('Ops@Partner.example ', config)).toBe(true);
  });

  it('does not match look-alike domains', () => {
    expect(isInternalEmail('staff@payportal.example.evil', config)).toBe(false);
    expect(isInternalEmail('staff@notpayportal.example', config)).toBe(false);
    expect(isInternalEmail('analyst@acme.example', config)).toBe(false);
  });
});
