// The country options of phone registration (value = dial code, viewValue = name,
// placeholder = the national number's mask). United States +1 is the default.
import type { CountryCode } from 'libphonenumber-js/min';

export interface CountryOption {
  value: string;
  viewValue: string;
  placeholder: string;
  iso: CountryCode;
}

export const COUNTRIES: readonly CountryOption[] = [
  { value: '+43', viewValue: 'Austria', placeholder: '664 1234567', iso: 'AT' },
  { value: '+55', viewValue: 'Brazil', placeholder: '11 91234-5678', iso: 'BR' },
  { value: '+359', viewValue: 'Bulgaria', placeholder: '87 123 4567', iso: 'BG' },
  { value: '+57', viewValue: 'Colombia', placeholder: '321 1234567', iso: 'CO' },
  { value: '+91', viewValue: 'India', placeholder: '81234 56789', iso: 'IN' },
  { value: '+353', viewValue: 'Ireland', placeholder: '85 012 3456', iso: 'IE' },
  { value: '+31', viewValue: 'Netherlands', placeholder: '6 12345678', iso: 'NL' },
  { value: '+64', viewValue: 'New Zealand', placeholder: '21 123 4567', iso: 'NZ' },
  { value: '+421', viewValue: 'Slovakia', placeholder: '912 123 456', iso: 'SK' },
  { value: '+44', viewValue: 'United Kingdom', placeholder: '7400 123456', iso: 'GB' },
  { value: '+1', viewValue: 'United States', placeholder: '(201) 555-0123', iso: 'US' },
];

export const DEFAULT_COUNTRY = COUNTRIES.find((country) => country.iso === 'US')!;
