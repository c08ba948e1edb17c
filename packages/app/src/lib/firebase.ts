// The one Firebase Auth instance of the standalone app: the real modular SDK, pointed at
// the emulator only when the page's configuration names one. Created on first use, never at import.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { portalConfig } from './config.ts';

let auth: Auth | undefined;

export function firebaseAuth(): Auth {
  if (auth) return auth;
  const { emulatorUrl, ...options } = portalConfig().firebase;
  // Local first, session second: a session started without "stay logged in" stays in its tab.
  auth = initializeAuth(initializeApp(options), { persistence: [browserLocalPersistence, browserSessionPersistence] });
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}
