// The SMS second factor with the real SDK. Registration (enrol a phone for the signed-in
// user) and login (answer the factor the sign-in demanded) share the reCAPTCHA verifier, which is
// invisible; the emulator mocks it, production runs the real check.
import {
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  type MultiFactorResolver,
  type PhoneMultiFactorInfo,
} from 'firebase/auth';
import { AuthFlowError } from '@payportal/shared/errors';
import { firebaseAuth } from '../../lib/firebase.ts';
import { completeSignIn } from './signInFlow.ts';

export function invisibleRecaptcha(container: HTMLElement): RecaptchaVerifier {
  return new RecaptchaVerifier(firebaseAuth(), container, { size: 'invisible' });
}

/** "the code was sent to the phone number ending in" these digits. */
export function lastFourDigits(phoneNumber: string | undefined): string {
  return (phoneNumber ?? '').replace(/\D/g, '').slice(-4);
}

export function phoneHint(resolver: MultiFactorResolver): PhoneMultiFactorInfo {
  const hint = resolver.hints.find((candidate) => candidate.factorId === PhoneMultiFactorGenerator.FACTOR_ID);
  if (!hint) throw Object.assign(new Error('no phone factor'), { code: 'auth/multi-factor-info-not-found' });
  return hint as PhoneMultiFactorInfo;
}

/** Login with an enrolled factor: sends the SMS, answers the verification id. */
export function sendSignInCode(resolver: MultiFactorResolver, verifier: RecaptchaVerifier): Promise<string> {
  return new PhoneAuthProvider(firebaseAuth()).verifyPhoneNumber(
    { multiFactorHint: phoneHint(resolver), session: resolver.session },
    verifier,
  );
}

export async function confirmSignInCode(
  resolver: MultiFactorResolver,
  verificationId: string,
  code: string,
): Promise<void> {
  const credential = await resolver.resolveSignIn(
    PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code.trim())),
  );
  await completeSignIn(credential.user);
}

/** Registration: the signed-in (first factor) user enrols `phoneNumber` (E.164). */
export async function sendEnrollmentCode(phoneNumber: string, verifier: RecaptchaVerifier): Promise<string> {
  const user = firebaseAuth().currentUser;
  if (!user) throw new AuthFlowError('other');
  const session = await multiFactor(user).getSession();
  return new PhoneAuthProvider(firebaseAuth()).verifyPhoneNumber({ phoneNumber, session }, verifier);
}

export async function confirmEnrollment(verificationId: string, code: string): Promise<void> {
  const user = firebaseAuth().currentUser;
  if (!user) throw new AuthFlowError('other');
  await multiFactor(user).enroll(
    PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code.trim())),
    'Phone',
  );
  await completeSignIn(user);
}
