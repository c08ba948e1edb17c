// What other features may use of organization/: they import from this file only (eslint.config.js); app.ts
// composes the feature through registerOrganization.ts.
export type { OrgIdentity } from './orgIdentity.ts';
export { recordUserChange, type ChangeActor } from './orgUserChanges.ts';
export { organisationNodes } from './portfolioRoutes.ts';
