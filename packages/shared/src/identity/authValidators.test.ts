import { describe, expect, it } from 'vitest';
import {
  validateEmail,
  validateNewPassword,
  validatePasswordConfirmation,
  validateRequired,
  validateVerificationCode,
} from './authValidators.ts';

describe('validateEmail (254 characters overall, 64 before @)', () => {
  it('accepts ordinary addresses, with surrounding spaces trimmed', () => {
    expect(validateEmail('owner@acme.example')).toBeNull();
    expect(validateEmail('  first.last+tag@sub.acme.example ')).toBeNull();
  });

  it('requires a value', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
  });

  it('refuses shapes that are not addresses', () => {
    for (const value of ['owner', 'owner@', '@acme.example', 'owner@acme', 'a b@acme.example', 'a@@acme.example']) {
      expect(validateEmail(value)).toBe('Enter a valid email address');
    }
  });

  it('allows 64 characters before @ and refuses 65', () => {
    expect(validateEmail(`${'a'.repeat(64)}@acme.example`)).toBeNull();
    expect(validateEmail(`${'a'.repeat(65)}@acme.example`)).toBe('The part before @ must be at most 64 characters');
  });

  it('allows 254 characters overall and refuses 255', () => {
    const domain = (length: number) => `${'d'.repeat(length - 8)}.example`;
    expect(validateEmail(`a@${domain(252)}`)).toBeNull();
    expect(validateEmail(`a@${domain(253)}`)).toBe('Email must be at most 254 characters');
  });
});

describe('password rules (required, at least 10, must match)', () => {
  it('requires 10 characters', () => {
    expect(validateNewPassword('')).toBe('Password is required');
    expect(validateNewPassword('123456789')).toBe('Password must be at least 10 characters');
    expect(validateNewPassword('1234567890')).toBeNull();
  });

  it('requires the confirmation to match', () => {
    expect(validatePasswordConfirmation('Portal-demo-2026', '')).toBe('Please confirm the password');
    expect(validatePasswordConfirmation('Portal-demo-2026', 'Portal-demo-2027')).toBe('Passwords do not match');
    expect(validatePasswordConfirmation('Portal-demo-2026', 'Portal-demo-2026')).toBeNull();
  });
});

describe('other fields', () => {
  it('requires a value', () => {
    expect(validateRequired(' ', 'Password')).toBe('Password is required');
    expect(validateRequired('x', 'Password')).toBeNull();
  });

  it('asks for the code when it is missing and for digits when it has letters', () => {
    expect(validateVerificationCode('')).toBe('Please enter the verification code');
    expect(validateVerificationCode('12a456')).toBe('The code is the digits from the text message');
    expect(validateVerificationCode(' 123456 ')).toBeNull();
  });
});
