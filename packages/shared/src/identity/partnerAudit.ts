// What the owner sees of their partners beyond the partner itself: the audit of every
// registration, key change, revocation and user a partner's session created, and the registered origins
// the operator's framing allowlist (PARTNER_ORIGINS, the app's frame-ancestors) does not hold.
import { z } from 'zod';
import { partnerSchema } from './partners.ts';

/** GET: the organisation's partner audit, newest first (the owner's, like the partners themselves). */
export const partnerAuditPath = (orgId: number) => `/api/auth/v1/organization/${orgId}/partners/audit`;

export const PARTNER_AUDIT_ACTIONS = ['register', 'add-key', 'retire-key', 'revoke', 'provision-user'] as const;
export type PartnerAuditAction = (typeof PARTNER_AUDIT_ACTIONS)[number];

export const partnerAuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

const person = z.object({ email: z.string(), name: z.string() });

export const partnerAuditEntrySchema = z.object({
  /** Unique across the two sources: `partner-<n>` (partner changes) or `user-<n>` (users provisioned). */
  id: z.string(),
  partner_id: z.number().int(),
  at: z.string(),
  action: z.enum(PARTNER_AUDIT_ACTIONS),
  /**
   * Who made the change: the verified caller (support staff during an impersonation); for
   * `provision-user`, the partner itself (its issuer and name).
   */
  actor: person,
  /** During an impersonation: the user whose session support staff were acting in. */
  on_behalf_of: z.string().nullable(),
  /** Key changes: the active kids before and after. */
  keys: z.object({ before: z.array(z.string()), after: z.array(z.string()) }).nullable(),
  /** `provision-user`: the user the partner's session created. */
  user: person.nullable(),
});
export type PartnerAuditEntry = z.infer<typeof partnerAuditEntrySchema>;
export const partnerAuditSchema = z.array(partnerAuditEntrySchema);

/** A partner as the owner's screen reads it: with the origins nobody may frame the portal from yet. */
export const partnerViewSchema = partnerSchema.extend({
  /**
   * Registered origins missing from the operator's framing allowlist: the portal refuses to be framed
   * there (frame-ancestors) until the operator adds them to PARTNER_ORIGINS.
   */
  origins_outside_framing: z.array(z.string()),
});
export type PartnerView = z.infer<typeof partnerViewSchema>;
export const partnerViewListSchema = z.array(partnerViewSchema);
