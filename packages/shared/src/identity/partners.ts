// Signed embed sessions: a partner registered for an organisation by its owner signs a short-lived JWT
// for one of its users on its own backend; the frame exchanges it for a portal session
// (packages/api/docs/access.md "Partner sessions").
import { z } from 'zod';
import { emailSchema, idSchema } from './domain.ts';
import { nodeCodeSchema } from './portfolioScope.ts';
import { ROLE_NAMES } from './roles.ts';

const base = (orgId: number) => `/api/auth/v1/organization/${orgId}/partners/`;

export const PARTNER_PATHS = {
  partners: base,
  keys: (orgId: number, partnerId: number) => `${base(orgId)}${partnerId}/keys`,
  key: (orgId: number, partnerId: number, kid: string) => `${base(orgId)}${partnerId}/keys/${encodeURIComponent(kid)}`,
  revoke: (orgId: number, partnerId: number) => `${base(orgId)}${partnerId}/revoke`,
} as const;

/** The partner session token's `aud`: tokens minted for anything else are refused. */
export const PARTNER_SESSION_AUDIENCE = 'payportal';
/** A partner session token lives at most this long (`exp - iat`). */
export const PARTNER_SESSION_MAX_LIFETIME_S = 300;
/** How far the partner's clock may be ahead of or behind ours. */
export const PARTNER_SESSION_CLOCK_TOLERANCE_S = 30;
/** A partner has at most this many active keys: the current one and the next, during a rotation. */
export const PARTNER_ACTIVE_KEYS_MAX = 2;
/** The ID token claim that says a partner's session token opened the sign-in. */
export const PARTNER_CLAIM = 'payportal_partner';
/**
 * The ID token claim of a partner session scoped to a node: `{ node, user_scope }`, the session's node and
 * the user's own scope when it opened (a later change of the user's scope ends such sessions' reads).
 */
export const PARTNER_NODE_CLAIM = 'payportal_node';

export const partnerParamsSchema = z.object({ orgId: idSchema, partnerId: idSchema });
export const partnerKeyParamsSchema = z.object({
  orgId: idSchema,
  partnerId: idSchema,
  kid: z.string().min(1).max(200),
});

const kidSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(200)
  .regex(/^[\w.:-]+$/, { error: 'may hold letters, digits and . _ : - only' });

/** One public key: a PEM (SPKI, "BEGIN PUBLIC KEY") with its kid, or a JWKS whose every key has a kid. */
export const partnerKeyInputSchema = z.union([
  z.object({ kid: kidSchema, pem: z.string().trim().min(1).max(10_000) }),
  z.object({ jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1).max(2) }) }),
]);
export type PartnerKeyInput = z.infer<typeof partnerKeyInputSchema>;

/**
 * Instead of pasted keys: the partner's JWKS URL, which the server fetches itself (short timeout, size
 * limit, short cache, refetch on an unknown kid at most every 30 s). https only in production; http only
 * to a loopback host elsewhere (the API checks both: packages/api/docs/access.md).
 */
export const partnerJwksUrlInputSchema = z.object({
  jwks_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2_000),
});
export type PartnerJwksUrlInput = z.infer<typeof partnerJwksUrlInputSchema>;

const originSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^https?:\/\/[^/?#\s]+$/, { error: 'must be an origin such as https://partner.example (no path)' });

/** Never through a partner: an owner's session minted by a third party's key is the worst case (SECURITY.md #14). */
export const PARTNER_FORBIDDEN_ROLE = 'org_owner';

const roleCapSchema = z
  .array(z.enum(ROLE_NAMES))
  .min(1, { error: 'must name at least one role' })
  .max(ROLE_NAMES.length)
  .refine((roles) => new Set(roles).size === roles.length, { error: 'must not repeat a role' })
  .refine((roles) => !roles.includes(PARTNER_FORBIDDEN_ROLE), {
    error: 'may not include org_owner: no partner opens an owner session',
  });

export const registerPartnerSchema = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(200),
  allowed_origins: z.array(originSchema).min(1, { error: 'must name at least one origin' }).max(20),
  /** The roles the partner's users may get: at most what the registering owner may grant. */
  roles: roleCapSchema,
  /** Create a portal user on the first session for an address the organisation does not have yet. */
  provision_users: z.boolean(),
  key: z.union([partnerKeyInputSchema, partnerJwksUrlInputSchema]),
  /** The portfolio nodes (codes) its sessions may be scoped to through the token's `node`; none: its tokens carry no node. */
  nodes: z.array(nodeCodeSchema).max(200).default([]),
});
export type RegisterPartner = z.infer<typeof registerPartnerSchema>;

export const partnerKeySchema = z.object({
  kid: z.string(),
  alg: z.string(),
  added_at: z.string(),
  retired_at: z.string().nullable(),
});

export const partnerSchema = z.object({
  id: z.number().int(),
  /** The token's `iss`. */
  issuer: z.string(),
  name: z.string(),
  allowed_origins: z.array(z.string()),
  roles: z.array(z.enum(ROLE_NAMES)),
  provision_users: z.boolean(),
  /** The nodes its sessions may be scoped to (a token's `node` lies in one's subtree). */
  nodes: z.array(z.string()),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  /** Where the partner publishes its keys, when it registered a JWKS URL; its keys are then read there. */
  jwks_url: z.string().nullable(),
  keys: z.array(partnerKeySchema),
});
export type Partner = z.infer<typeof partnerSchema>;

/**
 * The body of a partner session exchange: the partner's token and the origin of the page that framed the
 * portal, as the framed app's handshake saw it. Not a trust source by itself: it must equal the token's
 * signed `origin` claim, and the request's HTTP Origin must be the portal's own or the partner's.
 */
export const partnerSessionRequestSchema = z.object({
  token: z.string().min(1).max(16_384),
  origin: originSchema,
});

/** What the partner's token says about its user (beside iss, aud, iat, exp, jti). */
export const partnerSessionClaimsSchema = z.object({
  /** The partner page's origin: one of its registered origins, and the page the framed app reports. */
  origin: originSchema,
  email: emailSchema,
  name: z.string().trim().min(1).max(200),
  roles: z.array(z.enum(ROLE_NAMES)).max(ROLE_NAMES.length).optional(),
  /** A node's code: the session sees that node's book, within the user's own scope and the partner's nodes. */
  node: nodeCodeSchema.optional(),
});

/** PUT …/users/{userId}/partner: the partner whose sessions may open this user; null: none (SECURITY.md #14). */
export const bindUserPartnerSchema = z.object({ partner_id: z.union([idSchema, z.null()]) });
export type BindUserPartner = z.infer<typeof bindUserPartnerSchema>;
