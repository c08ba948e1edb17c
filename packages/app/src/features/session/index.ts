// What other features may use of session/: they import from this file (eslint.config.js), and the
// standalone session from standaloneSession.ts, which brings the Firebase SDK and so is loaded only
// with the sign-in flow.
export { authenticate } from './authenticateApi.ts';
export { holdsPersistedIdentity } from './persistedIdentity.ts';
export { startRefreshSchedule, type TokenTimes } from './refreshSchedule.ts';
export { acceptEmbeddedTerms, session, setFramed, setSignedIn, setSignedOut, setUserName } from './sessionStore.ts';
export { differsFromStoredUser, forgetStoredUser } from './storedUser.ts';
