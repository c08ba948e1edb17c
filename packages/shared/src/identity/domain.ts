// Entities as zod schemas: the one definition the API answers with and the app reads.
// zod/mini: these schemas are on the sign-in page's path, where full zod cost 25 KB.
import * as z from 'zod/mini';
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../constants.ts';
import { ROLE_NAMES } from './roles.ts';

/**
 * The one form an address is stored and compared in: trimmed, Unicode NFC, lower
 * case without locale (String#toLowerCase, never toLocaleLowerCase).
 */
export function normalizeEmail(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}

/** An address as a user may type it; it leaves the schema in the stored form (normalizeEmail). */
export const emailSchema = z.pipe(
  z.string().check(z.overwrite(normalizeEmail)),
  z.email({ error: 'must be a valid e-mail address' }).check(
    z.maxLength(EMAIL_MAX_LENGTH, { error: `must be at most ${EMAIL_MAX_LENGTH} characters` }),
    z.refine((value: string) => value.split('@')[0]!.length <= EMAIL_LOCAL_PART_MAX_LENGTH, {
      error: `the part before @ must be at most ${EMAIL_LOCAL_PART_MAX_LENGTH} characters`,
    }),
  ),
);

/** PostgreSQL's integer: ids beyond it are refused here with 400, never sent to the database. */
export const DATABASE_INTEGER_MAX = 2_147_483_647;
/** An id as a path or query parameter (text, coerced). */
export const idSchema = z.coerce.number().check(z.int(), z.positive(), z.maximum(DATABASE_INTEGER_MAX));
/** An id inside a JSON body: a number, never text. */
export const bodyIdSchema = z.int().check(z.positive(), z.maximum(DATABASE_INTEGER_MAX));

/**
 * standalone: signs in on PayPortal's own screens, password and an SMS second factor (internal addresses
 * skip the SMS step); partner: framed only, signed in by their partner portal, no PayPortal SMS step.
 * Set per user by the organisation's owner; never by the browser.
 */
export const SIGN_IN_METHODS = ['standalone', 'partner'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const userConfigSchema = z.object({
  last_logged_in: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
  email_verified: z.optional(z.boolean()),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

export const warehouseUserSchema = z.object({
  id: z.int(),
  email: z.string(),
  firebase_uid: z.nullable(z.string()),
  name: z.string(),
  org_id: z.int(),
  is_active: z.boolean(),
  config: userConfigSchema,
  /** Who signs this user in (SECURITY.md #3): PayPortal's own password and SMS steps, or their partner portal. */
  sign_in_method: z.enum(SIGN_IN_METHODS),
});
export type WarehouseUser = z.infer<typeof warehouseUserSchema>;

export const organizationSchema = z.object({
  id: z.int(),
  is_demo: z.boolean(),
  name: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const roleSchema = z.object({
  id: z.int(),
  name: z.enum(ROLE_NAMES),
  grants: z.array(z.enum(ROLE_NAMES)),
});
export type Role = z.infer<typeof roleSchema>;

export const userRoleSchema = z.object({ user_id: z.int(), role_id: z.int() });
export type UserRole = z.infer<typeof userRoleSchema>;

export const termsRecordSchema = z.object({
  user_id: bodyIdSchema,
  product_id: bodyIdSchema,
  acceptance_status: z.boolean(),
});
export type TermsRecord = z.infer<typeof termsRecordSchema>;

/**
 * An invitation's single-use secret: 32 random bytes as base64url. The API stores
 * only its SHA-256; the secret itself travels in the sign-up link alone.
 */
export const inviteSecretSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be the invitation secret of a sign-up link' }));

/**
 * the sign-up hash carries the invitee's email and name; it also carries the invitation's
 * secret, which binds the sign-up to this one invitation.
 */
export const signUpPayloadSchema = z.object({
  email: emailSchema,
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  invite: inviteSecretSchema,
});
export type SignUpPayload = z.infer<typeof signUpPayloadSchema>;
