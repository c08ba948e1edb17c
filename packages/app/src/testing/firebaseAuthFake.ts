// Test support for component tests only: the Firebase SDK functions the identity screens call, as
// vi.fn()s. Components are tested against the SDK boundary; the real SDK and emulator run in e2e/.
import { vi } from 'vitest';

export const sdk = {
  setPersistence: vi.fn(async () => undefined),
  signInWithEmailAndPassword: vi.fn(),
  signOut: vi.fn(async () => undefined),
  getMultiFactorResolver: vi.fn(),
  sendPasswordResetEmail: vi.fn(async () => undefined),
  confirmPasswordReset: vi.fn(async () => undefined),
  updatePassword: vi.fn(async () => undefined),
  verifyPasswordResetCode: vi.fn(async () => 'owner@acme.example'),
  applyActionCode: vi.fn(async () => undefined),
  checkActionCode: vi.fn(async () => ({ operation: 'REVERT_SECOND_FACTOR_ADDITION' })),
  createUserWithEmailAndPassword: vi.fn(),
  deleteUser: vi.fn(async () => undefined),
  sendEmailVerification: vi.fn(async () => undefined),
  updateProfile: vi.fn(async () => undefined),
  verifyPhoneNumber: vi.fn(async () => 'verification-id'),
  resolveSignIn: vi.fn(),
  onAuthStateChanged: vi.fn(() => () => undefined),
};

export function resetSdk(): void {
  for (const fn of Object.values(sdk)) fn.mockClear();
}

/** The module factory for vi.mock('firebase/auth', …). */
export function firebaseAuthModule() {
  class PhoneAuthProvider {
    static credential = vi.fn(() => ({}));
    verifyPhoneNumber = sdk.verifyPhoneNumber;
  }
  class RecaptchaVerifier {
    clear = vi.fn();
  }
  return {
    ...sdk,
    browserLocalPersistence: { type: 'LOCAL' },
    browserSessionPersistence: { type: 'SESSION' },
    PhoneAuthProvider,
    RecaptchaVerifier,
    PhoneMultiFactorGenerator: { FACTOR_ID: 'phone', assertion: vi.fn(() => ({})) },
    multiFactor: vi.fn(() => ({ getSession: vi.fn(async () => ({})), enroll: vi.fn(async () => undefined) })),
  };
}
