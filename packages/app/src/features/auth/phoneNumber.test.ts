import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY } from './countries.ts';
import { toPhoneNumber } from './phoneNumber.ts';

const country = (name: string) => COUNTRIES.find((option) => option.viewValue === name)!;

describe('countries', () => {
  it('offers the eleven countries with their dial codes, United States +1 by default', () => {
    expect(COUNTRIES.map((option) => `${option.viewValue} ${option.value}`)).toEqual([
      'Austria +43',
      'Brazil +55',
      'Bulgaria +359',
      'Colombia +57',
      'India +91',
      'Ireland +353',
      'Netherlands +31',
      'New Zealand +64',
      'Slovakia +421',
      'United Kingdom +44',
      'United States +1',
    ]);
    expect(DEFAULT_COUNTRY.viewValue).toBe('United States');
  });

  it.each(COUNTRIES.map((option) => [option.viewValue, option] as const))(
    '%s: its mask is a valid number',
    (_, option) => {
      expect(toPhoneNumber(option, option.placeholder)).toMatchObject({ ok: true });
    },
  );
});

describe('toPhoneNumber', () => {
  it('strips spaces, dashes and brackets and prefixes the dial code', () => {
    expect(toPhoneNumber(DEFAULT_COUNTRY, '(650) 555-0199')).toEqual({ ok: true, e164: '+16505550199' });
    expect(toPhoneNumber(country('United Kingdom'), '07400 123 456')).toEqual({ ok: true, e164: '+447400123456' });
    expect(toPhoneNumber(country('United Kingdom'), '7400 123 456')).toEqual({ ok: true, e164: '+447400123456' });
  });

  it('requires a number and refuses invalid ones', () => {
    expect(toPhoneNumber(DEFAULT_COUNTRY, ' - ')).toEqual({ ok: false, error: 'Phone number is required' });
    expect(toPhoneNumber(DEFAULT_COUNTRY, '12345')).toEqual({ ok: false, error: 'Please enter a valid phone number' });
    expect(toPhoneNumber(DEFAULT_COUNTRY, '9'.repeat(40))).toEqual({
      ok: false,
      error: 'Please enter a valid phone number',
    });
  });
});
