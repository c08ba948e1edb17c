// Explicit named exports: what is not listed here is private to the package.
export * as constants from './constants.ts';
export {
  EMBEDDED_TERMS_PRODUCT_ID,
  PASSWORD_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_LOCAL_PART_MAX_LENGTH,
} from './constants.ts';
export { ROLE_NAMES, PLATFORM_PERMISSIONS, roleFlags } from './roles.ts';
export type { RoleName, PlatformPermission, RoleFlags } from './roles.ts';
export {
  emailSchema,
  idSchema,
  userConfigSchema,
  warehouseUserSchema,
  organizationSchema,
  roleSchema,
  userRoleSchema,
  termsRecordSchema,
  signUpPayloadSchema,
} from './domain.ts';
export type { UserConfig, WarehouseUser, Organization, Role, UserRole, TermsRecord, SignUpPayload } from './domain.ts';
export { ConfigError, parseConfig, envFlag, envList } from './env.ts';
export { firebaseWebConfigSchema, portalConfigSchema, readEmbeddedConfig, injectConfig, CONFIG_ELEMENT_ID } from './browserConfig.ts';
export type { FirebaseWebConfig, PortalConfig } from './browserConfig.ts';
export { API_ERROR_CODES, apiErrorBodySchema } from './apiErrors.ts';
export type { ApiErrorCode, ApiErrorBody } from './apiErrors.ts';
export {
  API_PATHS,
  IMPERSONATE_HEADER,
  authenticateResponseSchema,
  usersQuerySchema,
  usersResponseSchema,
  userParamsSchema,
  userUpdateSchema,
  userUpdateResponseSchema,
  termsQuerySchema,
  termsResponseSchema,
  termsCreateSchema,
  userRolesQuerySchema,
  userRolesResponseSchema,
  rolesResponseSchema,
  organizationParamsSchema,
  organizationResponseSchema,
} from './apiContract.ts';
export type { AuthenticateResponse } from './apiContract.ts';
