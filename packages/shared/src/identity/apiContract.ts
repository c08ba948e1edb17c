// The portal API's paths and bodies (plus the authenticate call the specification leaves
// unnamed). The API validates with these schemas and the app parses answers with them.
// zod/mini: the app's sign-in path parses answers with these; full zod cost 25 KB there.
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH } from '../constants.ts';
import {
  bodyIdSchema,
  emailSchema,
  idSchema,
  inviteSecretSchema,
  organizationSchema,
  roleSchema,
  termsRecordSchema,
  userConfigSchema,
  userRoleSchema,
  warehouseUserSchema,
} from './domain.ts';
import { PLATFORM_PERMISSIONS, ROLE_NAMES } from './roles.ts';

export const API_PATHS = {
  authenticate: '/api/auth/v1/authenticate/',
  impersonation: '/api/auth/v1/impersonation/',
  users: '/api/auth/v1/user/',
  user: (id: number) => `/api/auth/v1/user/${id}`,
  terms: '/api/auth/v1/termsandconditions/',
  userRoles: '/api/auth/v1/user-role/',
  roles: '/api/auth/v1/role/',
  organization: (id: number) => `/api/auth/v1/organization/${id}`,
  acceptInvite: '/api/auth/v1/invites/accept',
  /** A partner's signed session token exchanged for an ID token (partners.ts). */
  partnerSession: '/api/auth/v1/partner-sessions/',
  /** The book the caller sees (portfolioScope.ts callerBookSchema), for the header. */
  scope: '/api/auth/v1/scope',
} as const;

/** The request header that makes support staff act as another user. */
export const IMPERSONATE_HEADER = 'Impersonate-User';

/** How an impersonation token starts, so the API tells it from an ID token without parsing either. */
export const IMPERSONATION_TOKEN_PREFIX = 'imp_';

/**
 * POST /api/auth/v1/impersonation/: support staff exchange their own ID token for a
 * short-lived impersonation token bound to themselves and `email`. Impersonated requests carry that
 * token as the bearer, with Impersonate-User naming the same user; an ID token with the header is refused.
 */
export const impersonationRequestSchema = z.object({ email: emailSchema });
export const impersonationResponseSchema = z.object({
  /** `imp_` + 43 base64url characters; kept in memory only, like every token. */
  token: z.string().check(z.startsWith(IMPERSONATION_TOKEN_PREFIX), z.maxLength(64)),
  expires_at: z.iso.datetime({ offset: true }),
  /** True unless the support user held support_write when the token was issued. */
  read_only: z.boolean(),
});
export type ImpersonationResponse = z.infer<typeof impersonationResponseSchema>;

/** POST /api/auth/v1/partner-sessions/: the ID token a partner's signed session token opened (the framed sign-in path reads it). */
export const partnerSessionResponseSchema = z.object({
  /** A portal ID token for the user the partner named; used like any other (Authorization: Bearer). */
  id_token: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
  /** The user was created by this session. */
  provisioned: z.boolean(),
});
export type PartnerSessionResponse = z.infer<typeof partnerSessionResponseSchema>;

/**
 * POST /api/auth/v1/authenticate/ (bearer ID token, empty body): verifies the token and the sign-in
 * rules (the 60-day password age included, on the server), records last_logged_in, and answers
 * everything the app needs to start in one round trip. An identity is linked to its portal user only by
 * accepting an invitation (POST /api/auth/v1/invites/accept).
 */
export const authenticateResponseSchema = z.object({
  user: warehouseUserSchema,
  roles: z.array(z.enum(ROLE_NAMES)),
  assignable_roles: z.array(z.enum(ROLE_NAMES)),
  organization: organizationSchema,
  embedded_terms_accepted: z.boolean(),
  /** Our own staff's permissions; empty for everyone else. Never set by an organisation. */
  platform_permissions: z.array(z.enum(PLATFORM_PERMISSIONS)),
  /** Set when the caller is support staff acting as `user`. */
  impersonated_by: z.nullable(z.email()),
  /** Whether the session sees one book of the portfolio (a scoped user, or a partner session's node): the app then asks which. */
  scoped: z.optional(z.boolean()),
});
export type AuthenticateResponse = z.infer<typeof authenticateResponseSchema>;

/**
 * POST /api/auth/v1/invites/accept: the sign-up screen, with the ID token of the
 * identity it has just created, hands over the secret of its link; the API links that identity to the
 * invited portal user. 204, or one refusal `api/invite-refused` whatever the reason.
 */
export const acceptInviteSchema = z.object({ invite: inviteSecretSchema });
export type AcceptInvite = z.infer<typeof acceptInviteSchema>;

/** GET /api/auth/v1/user/?email= */
export const usersQuerySchema = z.object({ email: emailSchema });
export const usersResponseSchema = z.array(warehouseUserSchema);

/** PUT /api/auth/v1/user/{id}: the caller may change only their own name and config.last_logged_in. */
export const userParamsSchema = z.object({ id: idSchema });
export const userUpdateSchema = z.object({
  email: z.optional(z.string().check(z.maxLength(EMAIL_MAX_LENGTH))),
  id: z.optional(bodyIdSchema),
  firebase_uid: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  org_id: z.optional(bodyIdSchema),
  is_active: z.optional(z.boolean()),
  config: z.optional(userConfigSchema),
});
export const userUpdateResponseSchema = warehouseUserSchema;

/** GET and POST /api/auth/v1/termsandconditions/ */
export const termsQuerySchema = z.object({ user_id: idSchema });
export const termsResponseSchema = z.array(z.pick(termsRecordSchema, { product_id: true, acceptance_status: true }));
export const termsCreateSchema = termsRecordSchema;

/** GET /api/auth/v1/user-role/?user_id= */
export const userRolesQuerySchema = z.object({ user_id: idSchema });
export const userRolesResponseSchema = z.array(userRoleSchema);

/** GET /api/auth/v1/role/ */
export const rolesResponseSchema = z.array(roleSchema);

/** GET /api/auth/v1/organization/{id} */
export const organizationParamsSchema = z.object({ id: idSchema });
export const organizationResponseSchema = organizationSchema;
