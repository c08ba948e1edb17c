// The organisation-management API: the owner of an organisation runs its users. Every path
// names the organisation; an id of another organisation answers 404 whatever the caller holds.
import { z } from 'zod';
import { emailSchema, idSchema, SIGN_IN_METHODS } from './domain.ts';
import { ROLE_NAMES } from './roles.ts';

const base = (orgId: number) => `/api/auth/v1/organization/${orgId}/users/`;

export const ORG_MANAGEMENT_PATHS = {
  users: base,
  user: (orgId: number, userId: number) => `${base(orgId)}${userId}`,
  roles: (orgId: number, userId: number) => `${base(orgId)}${userId}/roles`,
  name: (orgId: number, userId: number) => `${base(orgId)}${userId}/name`,
  active: (orgId: number, userId: number) => `${base(orgId)}${userId}/active`,
  secondFactors: (orgId: number, userId: number) => `${base(orgId)}${userId}/second-factors`,
  signInMethod: (orgId: number, userId: number) => `${base(orgId)}${userId}/sign-in-method`,
  partnerBinding: (orgId: number, userId: number) => `${base(orgId)}${userId}/partner`,
  inviteLink: (orgId: number, userId: number) => `${base(orgId)}${userId}/invite-link`,
  scope: (orgId: number, userId: number) => `${base(orgId)}${userId}/scope`,
  portfolio: (orgId: number) => `/api/auth/v1/organization/${orgId}/portfolio`,
  history: (orgId: number) => `/api/auth/v1/organization/${orgId}/user-changes/`,
} as const;

export const ORG_USERS_PAGE_SIZE_MAX = 100;
export const ORG_USERS_SORT_FIELDS = ['name', 'email', 'last_sign_in', 'is_active'] as const;
export type OrgUsersSortField = (typeof ORG_USERS_SORT_FIELDS)[number];

/** The texts the screen shows for refusals the owner can act on (for the first). */
export const ORG_MANAGEMENT_MESSAGES = {
  accountExists: 'Account already exists.',
  lastOwner: 'The organization needs at least one active owner.',
  notAssignable: 'You can only give or take roles that your own roles grant.',
  ownAccount: 'You cannot deactivate your own account.',
  notSignedUp: 'This user has not signed up yet.',
  alreadySignedUp: 'This user has already signed up.',
  /** No partner opens an owner session (SECURITY.md #14): an owner is never bound, a bound user never made owner. */
  partnerBoundOwner: 'An owner cannot sign in through a partner: unbind the user from the partner first.',
  /** Owners see the whole organisation (README "Scoped books"): never scoped, and a scoped user is never made owner. */
  ownerNotScoped: 'An owner sees the whole organisation and cannot be scoped to a book: unscope the user first.',
} as const;

export const orgParamsSchema = z.object({ orgId: idSchema });
export const orgUserParamsSchema = z.object({ orgId: idSchema, userId: idSchema });

const roleListSchema = z
  .array(z.enum(ROLE_NAMES))
  .max(ROLE_NAMES.length)
  .refine((roles) => new Set(roles).size === roles.length, { error: 'must not repeat a role' });

/** GET users/: one page, searched over name and e-mail, sorted on the server. */
export const orgUsersQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(254)
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses (PostgreSQL text cannot hold NUL)
    .regex(/^[^\u0000-\u001f]*$/, { error: 'must not contain control characters' })
    .default(''),
  sort: z.enum(ORG_USERS_SORT_FIELDS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ORG_USERS_PAGE_SIZE_MAX).default(25),
});
export type OrgUsersQuery = z.infer<typeof orgUsersQuerySchema>;

/** A user as the owner sees them: the portal row joined with what the identity provider knows. */
export const managedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  roles: z.array(z.enum(ROLE_NAMES)),
  /** False while an invitation is open: no identity is linked yet. */
  signed_up: z.boolean(),
  last_sign_in: z.string().nullable(),
  second_factor_enrolled: z.boolean(),
  email_verified: z.boolean(),
  sign_in_method: z.enum(SIGN_IN_METHODS),
  /** The partner whose sessions may open this user (provisioned by it or bound by the owner), or null. */
  partner_id: z.number().int().nullable(),
  /** The portfolio node (its code) whose book the user sees, or null: the whole organisation (portfolioScope.ts). */
  scope_node: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const orgUsersPageSchema = z.object({
  users: z.array(managedUserSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type OrgUsersPage = z.infer<typeof orgUsersPageSchema>;

/**
 * POST users/: invite. The answer's sign-up path, which holds the invitation's single-use secret, is what
 * the owner copies to the invitee; it is shown once. POST users/{id}/invite-link answers the same shape
 * with a new secret (the earlier link stops working).
 */
export const inviteUserSchema = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(200),
  email: emailSchema,
  roles: roleListSchema,
});
export type InviteUser = z.infer<typeof inviteUserSchema>;
export const inviteUserResponseSchema = z.object({ user: managedUserSchema, signUpPath: z.string() });

/** PUT users/{id}/roles: the complete set the user should hold. */
export const setUserRolesSchema = z.object({ roles: roleListSchema });
/** PUT users/{id}/name */
export const setUserNameSchema = z.object({ name: z.string().trim().min(1, { error: 'is required' }).max(200) });
/** PUT users/{id}/active: false deactivates and ends the user's sessions; true restores access. */
export const setUserActiveSchema = z.object({ is_active: z.boolean() });

/** PUT …/users/{userId}/sign-in-method: who signs the user in (SECURITY.md #3). */
export const setSignInMethodSchema = z.object({ sign_in_method: z.enum(SIGN_IN_METHODS) });
/** Answer of every change: the user as it is now. DELETE users/{id}/second-factors answers it too. */
export const managedUserResponseSchema = managedUserSchema;

export const USER_CHANGE_ACTIONS = [
  'invite',
  'invite-link',
  'roles',
  'name',
  'deactivate',
  'reactivate',
  'second-factor-reset',
  'sign-in-method',
  'partner-provision',
  'partner-binding',
  'scope',
] as const;
export type UserChangeAction = (typeof USER_CHANGE_ACTIONS)[number];

/** GET user-changes/?user_id=&limit=: who changed what, before and after, when; newest first. */
export const userChangesQuerySchema = z.object({
  user_id: z.optional(idSchema),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const userChangeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(USER_CHANGE_ACTIONS),
  actor: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
  target: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
});
export type UserChange = z.infer<typeof userChangeSchema>;
export const userChangesResponseSchema = z.array(userChangeSchema);
