import type { AUTH_ERROR_TEXTS } from './authErrors.ts';

/** One of our own sign-in outcomes of (not the provider's), thrown so a flow stops where it is. */
export class AuthFlowError extends Error {
  constructor(readonly code: keyof (typeof AUTH_ERROR_TEXTS)['signIn']) {
    super(code);
    this.name = 'AuthFlowError';
  }
}
