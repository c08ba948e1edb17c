import type { RoleName, SignInMethod } from '@payportal/shared/identity';

/** How the screen names the roles of (the specification gives only their keys). */
export const ROLE_LABELS: Record<RoleName, string> = {
  org_owner: 'Owner',
  query: 'Query',
  upload: 'Upload',
  upload_admin: 'Upload admin',
  revenue_optimizer: 'Revenue optimizer (embedded)',
  disputes: 'Disputes',
  residuals_admin: 'Residuals admin',
};

/** Who signs a user in (SECURITY.md #3), as the owner chooses it. */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  standalone: 'PayPortal, with SMS code',
  partner: 'Partner portal (framed)',
};
