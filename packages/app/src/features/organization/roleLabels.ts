import type { RoleName } from '@payportal/shared';

/** How the screen names the roles of spec §6 (the specification gives only their keys). */
export const ROLE_LABELS: Record<RoleName, string> = {
  org_owner: 'Owner',
  query: 'Query',
  upload: 'Upload',
  upload_admin: 'Upload admin',
  revenue_optimizer: 'Revenue optimizer (embedded)',
};
