// spec §4 Sign-up: create the identity, send the verification e-mail, sign out; the person signs in
// once the address is verified (spec §5: e-mail must be verified).
import { authErrorMessage, type SignUpPayload } from '@payportal/shared';
import { createUserWithEmailAndPassword, sendEmailVerification, signOut, updateProfile } from 'firebase/auth';
import { firebaseAuth } from '../../lib/firebase.ts';
import { setSignInFlowActive } from '../session/standaloneSession.ts';

export async function signUp(payload: SignUpPayload, password: string): Promise<void> {
  const auth = firebaseAuth();
  setSignInFlowActive(true);
  try {
    const { user } = await createUserWithEmailAndPassword(auth, payload.email, password);
    await updateProfile(user, { displayName: payload.name });
    await sendEmailVerification(user);
  } catch (failure) {
    throw new Error(authErrorMessage('signUp', failure));
  } finally {
    await signOut(auth).catch(() => undefined);
    setSignInFlowActive(false);
  }
}
