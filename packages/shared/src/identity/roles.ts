// Role names and the flags derived from them.
/**
 * `disputes` works the dispute desk: acts on disputes and sees their evidence; `query` users only read it.
 * `residuals_admin` reads every residual statement and closes months.
 */
export const ROLE_NAMES = [
  'org_owner',
  'query',
  'upload',
  'upload_admin',
  'revenue_optimizer',
  'disputes',
  'residuals_admin',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/**
 * Platform permissions of our own staff. They live outside the organisation roles on
 * purpose: no org role can ever grant them.
 */
export const PLATFORM_PERMISSIONS = ['support', 'support_write'] as const;
export type PlatformPermission = (typeof PLATFORM_PERMISSIONS)[number];

export interface RoleFlags {
  isOwner: boolean;
  isQuery: boolean;
  isUpload: boolean;
  isUploadAdmin: boolean;
  isEmbedded: boolean;
  /** works the dispute desk. */
  isDisputes: boolean;
  /** reads every residual statement and closes months. */
  isResidualsAdmin: boolean;
}

export function roleFlags(roles: readonly string[]): RoleFlags {
  const has = (name: RoleName) => roles.includes(name);
  return {
    isOwner: has('org_owner'),
    isQuery: has('query'),
    isUpload: has('upload'),
    isUploadAdmin: has('upload_admin'),
    isEmbedded: has('revenue_optimizer'),
    isDisputes: has('disputes'),
    isResidualsAdmin: has('residuals_admin'),
  };
}

/**
 * the roles an owner may assign are the union of the grants of the owner's own roles, in the
 * order of ROLE_NAMES.
 */
export function assignableRolesOf(
  ownRoles: readonly string[],
  roles: readonly { name: RoleName; grants: readonly RoleName[] }[],
): RoleName[] {
  const granted = new Set(roles.filter((role) => ownRoles.includes(role.name)).flatMap((role) => role.grants));
  return ROLE_NAMES.filter((name) => granted.has(name));
}
