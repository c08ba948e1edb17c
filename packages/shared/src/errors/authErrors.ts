// The error catalogue of the identity screens: our codes, their texts (verbatim), and the one
// table from the identity provider's codes to ours. Codes are API; messages are not. Screens never
// hold an error text of their own: they call `authErrorMessage(area, code)`.

/** Our codes, grouped by the screen area whose texts they select. */
export const AUTH_ERROR_TEXTS = {
  signIn: {
    'auth/user-not-found': 'No user account found.',
    'auth/wrong-password': 'Password is not correct.',
    // Projects with e-mail enumeration protection answer this instead of the two above.
    'auth/invalid-credential': 'Email or password is not correct.',
    EMAIL_NOT_VERIFIED: 'Please check your email for a verification link.',
    'auth/user-disabled': 'User account has been disabled.',
    disabled: 'Please contact support.',
    authorization: 'User Account Error. Please contact support.',
    terms: 'Please accept the Terms and Conditions',
    multiple_sessions: 'Multiple sessions detected. Please try logging in again',
    // Ours, not the specification's: this web address is not one of the
    // identity project's authorised domains.
    'auth/unauthorized-domain':
      'This web address is not authorised for PayPortal sign-in. Please open PayPortal at its usual address or contact support.',
    'password-expired': 'A password reset is required. Please check your email for a link to reset your password.',
    other: 'Please refresh the page and try again',
  },
  secondFactor: {
    'auth/invalid-verification-code': 'Invalid verification code',
    'auth/requires-recent-login': 'Recent login required. Please refresh and try again',
    'auth/missing-verification-code': 'Please enter the verification code',
    'auth/code-expired': 'The verification code has expired. Please refresh and try again',
    'auth/captcha-check-failed': 'The recaptcha check failed. Please refresh and try again',
    'auth/invalid-phone-number': 'Please enter a valid phone number',
    'auth/too-many-requests': 'Too many requests. Please try again later',
    'auth/multi-factor-info-not-found': 'Error loading multi factor information. Please refresh and try again',
    'auth/missing-verification-id': 'Missing Recaptcha verification. Please wait a moment and try again',
    other: 'An unknown error occurred',
  },
  changePassword: {
    'auth/requires-recent-login': 'Recent login required. Please logout and log back in.',
    'auth/expired-action-code': 'The action code has expired',
    'auth/invalid-action-code': 'The action code is invalid',
    other: 'An unknown error occurred. Please contact the provider for support.',
  },
  signUp: {
    'auth/email-already-in-use': 'Account already exists.',
    'auth/invalid-email': 'Invalid email address.',
    'auth/weak-password': 'Password is not strong enough.',
    // Ours, not the specification's: the API refused the link's invitation.
    'api/invite-refused':
      'This invitation link cannot be used. Please ask your administrator for a new invitation link.',
    other: 'An unknown error occurred',
  },
  other: {
    INVALID_ID_TOKEN: 'Please sign in again.',
    'action-code-failed': 'Uh oh! Something went wrong',
    'action-code-failed-detail': 'Please contact support if problems continue.',
  },
} as const;

export type AuthErrorArea = Exclude<keyof typeof AUTH_ERROR_TEXTS, 'other'>;

/** Provider codes that mean the same as one of ours (the SDK and the REST API spell some differently). */
const PROVIDER_ALIASES: Record<string, string> = {
  'auth/invalid-login-credentials': 'auth/invalid-credential',
  INVALID_LOGIN_CREDENTIALS: 'auth/invalid-credential',
  EMAIL_NOT_FOUND: 'auth/user-not-found',
  INVALID_PASSWORD: 'auth/wrong-password',
  USER_DISABLED: 'auth/user-disabled',
  'auth/network-request-failed': 'other',
};

/**
 * The API's refusals of a sign-in (SECURITY.md #3) as our sign-in codes. The steps before authenticate
 * ask for the SMS code whenever the API will, so a second-factor or too-old refusal means a fresh start.
 */
const API_SIGN_IN_REFUSALS: Record<string, keyof (typeof AUTH_ERROR_TEXTS)['signIn']> = {
  disabled: 'disabled',
  'api/email-not-verified': 'EMAIL_NOT_VERIFIED',
  'api/password-expired': 'password-expired',
  'api/second-factor-required': 'other',
  'api/sign-in-too-old': 'other',
};

/** The sign-in code for an API refusal of authenticate; any other refusal is an account error ("authorization"). */
export function signInRefusalOf(apiCode: string | undefined): keyof (typeof AUTH_ERROR_TEXTS)['signIn'] {
  return (apiCode !== undefined && API_SIGN_IN_REFUSALS[apiCode]) || 'authorization';
}

/** The code of anything thrown: a FirebaseError's `code`, our own `AuthFlowError`, else nothing. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return undefined;
}

/**
 * "Other": the identity lookup (accounts:lookup, which the SDK makes after every sign-in step)
 * refusing the ID token, in any area. The SDK reports the service's INVALID_ID_TOKEN as this code.
 */
const LOOKUP_REFUSALS = new Set(['INVALID_ID_TOKEN', 'auth/invalid-user-token']);

/** the text for `error` (a code or something thrown) in `area`; unknown codes get the area's "other". */
export function authErrorMessage(area: AuthErrorArea, error: unknown): string {
  const raw = typeof error === 'string' ? error : errorCode(error);
  if (raw !== undefined && LOOKUP_REFUSALS.has(raw)) return AUTH_ERROR_TEXTS.other.INVALID_ID_TOKEN;
  const code = raw === undefined ? 'other' : (PROVIDER_ALIASES[raw] ?? raw);
  const texts: Record<string, string> = AUTH_ERROR_TEXTS[area];
  return texts[code] ?? texts.other!;
}

/**
 * "Phone registration and code check failures show the service's message": a code of the
 * catalogue gets its text; any other failure the identity service's own message (a FirebaseError's,
 * without its "Firebase: " prefix and "(auth/…)" suffix), and the area's "other" only when the
 * service said nothing more than its code.
 */
export function serviceErrorMessage(area: AuthErrorArea, error: unknown): string {
  const raw = typeof error === 'string' ? error : errorCode(error);
  const code = raw === undefined ? undefined : (PROVIDER_ALIASES[raw] ?? raw);
  if (raw !== undefined && LOOKUP_REFUSALS.has(raw)) return AUTH_ERROR_TEXTS.other.INVALID_ID_TOKEN;
  const texts: Record<string, string> = AUTH_ERROR_TEXTS[area];
  if (code !== undefined && code !== 'other' && texts[code]) return texts[code];
  const message =
    error instanceof Error
      ? error.message
          .replace(/^Firebase:\s*/, '')
          .replace(/\s*\((?:auth|api)\/[\w-]+\)\.?$/, '')
          .trim()
      : '';
  return message && message !== 'Error' ? message : texts.other!;
}
