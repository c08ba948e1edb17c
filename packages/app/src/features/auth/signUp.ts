// Sign-up: create the identity, accept the link's invitation with it (the only
// way an identity is linked to its portal user), send the verification e-mail, sign out; the person
// signs in once the address is verified (e-mail must be verified).
import { authErrorMessage } from '@payportal/shared/errors';
import type { SignUpPayload } from '@payportal/shared/identity';
import {
  createUserWithEmailAndPassword,
  deleteUser,
  sendEmailVerification,
  signOut,
  updateProfile,
} from 'firebase/auth';
import { firebaseAuth } from '../../lib/firebase.ts';
import { setSignInFlowActive } from '../session/standaloneSession.ts';
import { acceptInvite } from './acceptInviteApi.ts';

export async function signUp(payload: SignUpPayload, password: string): Promise<void> {
  const auth = firebaseAuth();
  setSignInFlowActive(true);
  try {
    const { user } = await createUserWithEmailAndPassword(auth, payload.email, password);
    try {
      await acceptInvite(user, payload.invite);
    } catch (refused) {
      // An identity whose invitation was refused could never be used: remove it, so the address can
      // sign up again with a new link (otherwise it would answer "Account already exists.").
      await deleteUser(user).catch(() => undefined);
      throw refused;
    }
    await updateProfile(user, { displayName: payload.name });
    await sendEmailVerification(user);
  } catch (failure) {
    throw new Error(authErrorMessage('signUp', failure));
  } finally {
    await signOut(auth).catch(() => undefined);
    setSignInFlowActive(false);
  }
}
