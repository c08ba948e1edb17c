import { describe, expect, it } from 'vitest';
import { AuthFlowError } from './AuthFlowError.ts';
import { authErrorMessage, errorCode, serviceErrorMessage, signInRefusalOf } from './authErrors.ts';

// entry by entry: [area, what the provider (or our flow) reports, the exact text].
const CATALOGUE = [
  ['signIn', 'auth/user-not-found', 'No user account found.'],
  ['signIn', 'auth/wrong-password', 'Password is not correct.'],
  ['signIn', 'auth/invalid-credential', 'Email or password is not correct.'],
  ['signIn', 'EMAIL_NOT_VERIFIED', 'Please check your email for a verification link.'],
  ['signIn', 'auth/user-disabled', 'User account has been disabled.'],
  ['signIn', 'disabled', 'Please contact support.'],
  ['signIn', 'authorization', 'User Account Error. Please contact support.'],
  ['signIn', 'terms', 'Please accept the Terms and Conditions'],
  ['signIn', 'multiple_sessions', 'Multiple sessions detected. Please try logging in again'],
  [
    'signIn',
    'password-expired',
    'A password reset is required. Please check your email for a link to reset your password.',
  ],
  ['signIn', 'auth/network-request-failed', 'Please refresh the page and try again'],
  ['secondFactor', 'auth/invalid-verification-code', 'Invalid verification code'],
  ['secondFactor', 'auth/requires-recent-login', 'Recent login required. Please refresh and try again'],
  ['secondFactor', 'auth/missing-verification-code', 'Please enter the verification code'],
  ['secondFactor', 'auth/code-expired', 'The verification code has expired. Please refresh and try again'],
  ['secondFactor', 'auth/captcha-check-failed', 'The recaptcha check failed. Please refresh and try again'],
  ['secondFactor', 'auth/invalid-phone-number', 'Please enter a valid phone number'],
  ['secondFactor', 'auth/too-many-requests', 'Too many requests. Please try again later'],
  [
    'secondFactor',
    'auth/multi-factor-info-not-found',
    'Error loading multi factor information. Please refresh and try again',
  ],
  [
    'secondFactor',
    'auth/missing-verification-id',
    'Missing Recaptcha verification. Please wait a moment and try again',
  ],
  ['secondFactor', 'auth/internal-error', 'An unknown error occurred'],
  ['changePassword', 'auth/requires-recent-login', 'Recent login required. Please logout and log back in.'],
  ['changePassword', 'auth/expired-action-code', 'The action code has expired'],
  ['changePassword', 'auth/invalid-action-code', 'The action code is invalid'],
  ['changePassword', 'auth/weak-password', 'An unknown error occurred. Please contact the provider for support.'],
  ['signUp', 'auth/email-already-in-use', 'Account already exists.'],
  ['signUp', 'auth/invalid-email', 'Invalid email address.'],
  ['signUp', 'auth/weak-password', 'Password is not strong enough.'],
  ['signUp', 'auth/operation-not-allowed', 'An unknown error occurred'],
  // ours, not the specification's: the API refused the link's invitation
  [
    'signUp',
    'api/invite-refused',
    'This invitation link cannot be used. Please ask your administrator for a new invitation link.',
  ],
] as const;

describe('authErrorMessage', () => {
  it.each(CATALOGUE)('%s: %s reads "%s"', (area, code, text) => {
    expect(authErrorMessage(area, code)).toBe(text);
    // The same code arrives as a FirebaseError-like object from the SDK.
    expect(authErrorMessage(area, { code, message: 'Firebase: Error (…)' })).toBe(text);
  });

  it('maps the REST spellings of the provider to the same texts as the SDK codes', () => {
    expect(authErrorMessage('signIn', 'INVALID_LOGIN_CREDENTIALS')).toBe('Email or password is not correct.');
    expect(authErrorMessage('signIn', 'EMAIL_NOT_FOUND')).toBe('No user account found.');
    expect(authErrorMessage('signIn', 'INVALID_PASSWORD')).toBe('Password is not correct.');
  });

  it('an identity lookup refusing the token (INVALID_ID_TOKEN, the SDK\'s auth/invalid-user-token) reads "Please sign in again." in every area', () => {
    for (const area of ['signIn', 'secondFactor', 'changePassword', 'signUp'] as const) {
      expect(authErrorMessage(area, 'INVALID_ID_TOKEN')).toBe('Please sign in again.');
      expect(
        authErrorMessage(area, {
          code: 'auth/invalid-user-token',
          message: 'Firebase: Error (auth/invalid-user-token).',
        }),
      ).toBe('Please sign in again.');
    }
    expect(
      serviceErrorMessage('secondFactor', {
        code: 'auth/invalid-user-token',
        message: 'Firebase: Error (auth/invalid-user-token).',
      }),
    ).toBe('Please sign in again.');
  });

  it("reads our own flow's outcomes thrown as AuthFlowError", () => {
    expect(authErrorMessage('signIn', new AuthFlowError('disabled'))).toBe('Please contact support.');
  });

  it('answers the area\'s "other" text for anything without a code, and never throws', () => {
    for (const thrown of [undefined, null, 42, new Error('boom'), { code: 7 }, '__proto__', 'constructor']) {
      expect(authErrorMessage('signIn', thrown)).toBe('Please refresh the page and try again');
    }
  });

  it('reads the code of anything thrown', () => {
    expect(errorCode({ code: 'auth/user-disabled' })).toBe('auth/user-disabled');
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});

describe('signInRefusalOf (SECURITY.md #3: the API refuses a sign-in)', () => {
  it.each([
    ['disabled', 'disabled'],
    ['api/email-not-verified', 'EMAIL_NOT_VERIFIED'],
    ['api/password-expired', 'password-expired'],
    ['api/second-factor-required', 'other'],
    ['api/sign-in-too-old', 'other'],
    ['api/forbidden', 'authorization'],
    [undefined, 'authorization'],
  ])('%s → %s', (apiCode, signInCode) => {
    expect(signInRefusalOf(apiCode)).toBe(signInCode);
  });
});

/** What the Firebase SDK throws: an Error whose message carries the service's text and the code. */
const firebaseError = (code: string, message: string) =>
  Object.assign(new Error(`Firebase: ${message} (${code}).`), { code });

describe('phone registration and code check failures show the service’s message', () => {
  it('shows the service’s own message for a failure the catalogue does not name, not "An unknown error occurred"', () => {
    const error = firebaseError('auth/quota-exceeded', 'Exceeded quota for verifying phone numbers.');
    expect(authErrorMessage('secondFactor', error)).toBe('An unknown error occurred');
    expect(serviceErrorMessage('secondFactor', error)).toBe('Exceeded quota for verifying phone numbers.');
    expect(
      serviceErrorMessage(
        'secondFactor',
        firebaseError('auth/second-factor-already-in-use', 'The second factor is already enrolled on this account.'),
      ),
    ).toBe('The second factor is already enrolled on this account.');
  });

  it('keeps the catalogue’s text for the codes it names, and "other" when the service said only its code', () => {
    expect(
      serviceErrorMessage('secondFactor', firebaseError('auth/invalid-verification-code', 'The SMS code is wrong.')),
    ).toBe('Invalid verification code');
    expect(serviceErrorMessage('secondFactor', firebaseError('auth/internal-error', 'Error'))).toBe(
      'An unknown error occurred',
    );
    expect(serviceErrorMessage('secondFactor', undefined)).toBe('An unknown error occurred');
  });
});
