// What happens between "Sign In" and the home screen, in the specification's order:
// multiple sessions → password sign-in (or second factor, or phone registration) → email verified →
// authenticate, where the API checks the rest (portal user active, the second factor, the 60-day
// password age: SECURITY.md #3) → session started. The API's refusals become the spec's texts.
import {
  API_ERROR_CODES,
  AuthFlowError,
  authErrorMessage,
  errorCode,
  serviceErrorMessage,
  signInRefusalOf,
  type AuthErrorArea,
} from '@payportal/shared/errors';
import { isInternalEmail } from '@payportal/shared/identity';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  getMultiFactorResolver,
  sendPasswordResetEmail,
  setPersistence,
  signInWithEmailAndPassword,
  signOut,
  type MultiFactorError,
  type MultiFactorResolver,
  type User,
} from 'firebase/auth';
import { ApiError } from '../../lib/apiClient.ts';
import { portalConfig } from '../../lib/config.ts';
import { firebaseAuth } from '../../lib/firebase.ts';
import { authenticate, differsFromStoredUser, forgetStoredUser } from '../session/index.ts';
import { setSignInFlowActive, startSignedInSession } from '../session/standaloneSession.ts';
import { assertAuthorizedDomain } from './authorizedDomain.ts';

export type SignInOutcome =
  { next: 'home' } | { next: 'secondFactor'; resolver: MultiFactorResolver } | { next: 'registerPhone' };

export interface Credentials {
  email: string;
  password: string;
  stayLoggedIn: boolean;
}

/** Thrown errors carry the area whose texts describe them. */
export class SignInError extends Error {
  constructor(
    readonly area: AuthErrorArea,
    readonly reason: unknown,
  ) {
    super(errorCode(reason) ?? 'other');
    this.name = 'SignInError';
  }
}

export async function signInWithPassword({ email, password, stayLoggedIn }: Credentials): Promise<SignInOutcome> {
  if (differsFromStoredUser(email)) {
    // "Please try logging in again": the other session ends here, so the next attempt can proceed.
    forgetStoredUser();
    await signOut(firebaseAuth()).catch(() => undefined);
    throw new SignInError('signIn', new AuthFlowError('multiple_sessions'));
  }
  // a host the identity project does not authorise is refused before anything is sent.
  await assertAuthorizedDomain(portalConfig().firebase, location.hostname).catch((error: unknown) => {
    throw new SignInError('signIn', error);
  });
  const auth = firebaseAuth();
  setSignInFlowActive(true);
  try {
    await setPersistence(auth, stayLoggedIn ? browserLocalPersistence : browserSessionPersistence);
    const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
    if (!credential.user.emailVerified) throw new AuthFlowError('EMAIL_NOT_VERIFIED');
    // A user with a factor never gets here (the SDK threw multi-factor-auth-required): this one has none.
    // A partner's user (who set a password through a reset) is told so before registering a phone.
    if (!isInternalEmail(email, portalConfig())) {
      await refusePartnerAccount();
      return { next: 'registerPhone' };
    }
    await completeSignIn(credential.user);
    return { next: 'home' };
  } catch (error) {
    if (errorCode(error) === 'auth/multi-factor-auth-required') {
      return { next: 'secondFactor', resolver: getMultiFactorResolver(auth, error as MultiFactorError) };
    }
    await abandonSignIn();
    throw error instanceof SignInError ? error : new SignInError('signIn', error);
  }
}

/** The API's refusals that name the partner the account signs in through (SECURITY.md #3): shown as they come. */
const PARTNER_ACCOUNT_REFUSALS: readonly string[] = [API_ERROR_CODES.partnerSignInOnly, API_ERROR_CODES.partnerRevoked];
const isPartnerAccountRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && PARTNER_ACCOUNT_REFUSALS.includes(error.code);

/** Asks the API before the phone step: any refusal but a partner account's means "register a phone". */
async function refusePartnerAccount(): Promise<void> {
  await authenticate().catch((error: unknown) => {
    if (isPartnerAccountRefusal(error)) throw new SignInError('signIn', error);
  });
}

/** The checks after any successful first and second factor, then the session. */
export async function completeSignIn(user: User): Promise<void> {
  try {
    await checkAndStart(user);
  } catch (error) {
    await abandonSignIn();
    throw error instanceof SignInError ? error : new SignInError('signIn', error);
  }
}

async function checkAndStart(user: User): Promise<void> {
  if (!user.emailVerified) throw new AuthFlowError('EMAIL_NOT_VERIFIED');
  const answer = await authenticate().catch(async (error: unknown) => {
    if (isPartnerAccountRefusal(error)) throw error;
    const refusal = signInRefusalOf(error instanceof ApiError ? error.code : undefined);
    // the password-expired event sends a reset e-mail to the current user and logs out.
    if (refusal === 'password-expired') await sendPasswordResetEmail(firebaseAuth(), user.email!);
    throw new AuthFlowError(refusal);
  });
  await startSignedInSession(user, answer);
  setSignInFlowActive(false);
}

/** Ends a half-finished sign-in: no identity session stays behind an error message. */
export async function abandonSignIn(): Promise<void> {
  forgetStoredUser();
  await signOut(firebaseAuth()).catch(() => undefined);
  setSignInFlowActive(false);
}

/** The text for anything a sign-in step threw; `area` applies to the provider's own codes. */
export function describeError(error: unknown, area: AuthErrorArea): string {
  if (error instanceof SignInError) return describeError(error.reason, error.area);
  // "This account signs in through <partner name>": the API names the partner.
  if (isPartnerAccountRefusal(error)) return error.message;
  if (error instanceof AuthFlowError) return authErrorMessage('signIn', error);
  return authErrorMessage(area, error);
}

/** phone registration and code check failures show the identity service's own message. */
export function describeServiceError(error: unknown): string {
  if (error instanceof SignInError || error instanceof AuthFlowError) return describeError(error, 'secondFactor');
  return serviceErrorMessage('secondFactor', error);
}
