// What other features may use of identity/: they import from this file only (eslint.config.js); app.ts
// composes the feature through registerIdentity.ts.
export { findOrgUserByEmail, findUserById } from './userRepository.ts';
