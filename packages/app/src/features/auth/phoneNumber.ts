// Phone required; non-digit characters stripped; the chosen dial code prefixed; must be valid.
// A national trunk prefix people type out of habit (UK 07400…, NL 06…) is dropped, as a phone would.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { AUTH_ERROR_TEXTS } from '@payportal/shared/errors';
import type { CountryOption } from './countries.ts';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; error: string };

export function toPhoneNumber(country: CountryOption, typed: string): PhoneCheck {
  const digits = typed.replace(/\D/g, '');
  if (digits === '') return { ok: false, error: 'Phone number is required' };
  const parsed = digits.length <= 17 ? parsePhoneNumberFromString(digits, country.iso) : undefined;
  if (!parsed?.isValid() || `+${parsed.countryCallingCode}` !== country.value) {
    return { ok: false, error: AUTH_ERROR_TEXTS.secondFactor['auth/invalid-phone-number'] };
  }
  return { ok: true, e164: parsed.number };
}
