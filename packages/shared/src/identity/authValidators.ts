// The field rules of the identity screens. Each validator answers the text a person sees
// under the field, or null when the value is acceptable. They never throw, whatever they are given.
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { AUTH_ERROR_TEXTS } from '../errors/authErrors.ts';

// The shape every mail system accepts: one @, no spaces, a dot in the domain.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'Email is required';
  if (email.length > EMAIL_MAX_LENGTH) return `Email must be at most ${EMAIL_MAX_LENGTH} characters`;
  if (!EMAIL_SHAPE.test(email)) return 'Enter a valid email address';
  if (email.slice(0, email.lastIndexOf('@')).length > EMAIL_LOCAL_PART_MAX_LENGTH) {
    return `The part before @ must be at most ${EMAIL_LOCAL_PART_MAX_LENGTH} characters`;
  }
  return null;
}

export function validateRequired(value: string, label: string): string | null {
  return value.trim() === '' ? `${label} is required` : null;
}

/** The hint shown beside every new-password field ("a requirements hint is shown"). */
export const PASSWORD_HINT = `Use at least ${PASSWORD_MIN_LENGTH} characters. Both passwords must match.`;

export function validateNewPassword(password: string): string | null {
  if (password === '') return 'Password is required';
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return null;
}

export function validatePasswordConfirmation(password: string, confirmation: string): string | null {
  if (confirmation === '') return 'Please confirm the password';
  return password === confirmation ? null : 'Passwords do not match';
}

/** a code of digits; letters and spaces are the most common typing and pasting slips. */
export function validateVerificationCode(value: string): string | null {
  const code = value.trim();
  if (code === '') return AUTH_ERROR_TEXTS.secondFactor['auth/missing-verification-code'];
  return /^\d{4,8}$/.test(code) ? null : 'The code is the digits from the text message';
}
