// What other features may use of invites/: they import from this file only (eslint.config.js); app.ts
// composes the feature through registerInvites.ts.
export { newInviteSecret } from './inviteSecret.ts';
