// The partner's own sign-in, against the same identity project as the portal (the emulator in
// development). The portal never sees a password: only the ID token getToken() hands it.
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, browserSessionPersistence, setPersistence, type Auth } from 'firebase/auth';
import type { DemoConfig } from './demoConfig.ts';

let auth: Auth | undefined;

export function demoAuth(config: DemoConfig): Auth {
  if (auth) return auth;
  auth = getAuth(initializeApp(config.firebase));
  if (config.firebase.emulatorUrl) connectAuthEmulator(auth, config.firebase.emulatorUrl, { disableWarnings: true });
  void setPersistence(auth, browserSessionPersistence);
  return auth;
}
