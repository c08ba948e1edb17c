// The API's error codes: one catalogue, `as const`. Codes are API; messages are not.
// `disabled` keeps the specification's own name ("disabled: Please contact support.").
// zod/mini: every answer the app reads may be an error body.
import * as z from 'zod/mini';

export const API_ERROR_CODES = {
  badRequest: 'api/bad-request',
  notFound: 'api/not-found',
  payloadTooLarge: 'api/payload-too-large',
  unauthenticated: 'api/unauthenticated',
  tokenExpired: 'api/token-expired',
  tokenRevoked: 'api/token-revoked',
  forbidden: 'api/forbidden',
  /** The change conflicts with the current state (an address already in use, the last owner). */
  conflict: 'api/conflict',
  disabled: 'disabled',
  /** Sign-in rules the API enforces itself (SECURITY.md #3): each maps to a screen of the app. */
  emailNotVerified: 'api/email-not-verified',
  secondFactorRequired: 'api/second-factor-required',
  signInTooOld: 'api/sign-in-too-old',
  passwordExpired: 'api/password-expired',
  /**
   * A partner-bound user's token that no partner session opened (a password sign-in on the portal's own
   * screens): the account signs in through its partner only (SECURITY.md #3). The message names the partner.
   */
  partnerSignInOnly: 'api/partner-sign-in-only',
  /**
   * An invitation link that cannot be accepted, for whatever reason (unknown, used, expired, another
   * address, an identity already linked): one answer, so it tells nothing about other organisations.
   */
  inviteRefused: 'api/invite-refused',
  impersonationForbidden: 'api/impersonation-forbidden',
  impersonationReadOnly: 'api/impersonation-read-only',
  /** The impersonation token is unknown or past its expiry: exchange the ID token for a new one. */
  impersonationExpired: 'api/impersonation-expired',
  /** An ID token sent with Impersonate-User: impersonation needs an exchanged impersonation token. */
  impersonationTokenRequired: 'api/impersonation-token-required',
  rateLimited: 'api/rate-limited',
  /**
   * A partner session token refused (packages/api/docs/access.md "Partner sessions"): each names what the
   * partner's backend must fix.
   */
  partnerBadToken: 'partner/bad-token',
  partnerUnknownPartner: 'partner/unknown-partner',
  partnerRevoked: 'partner/revoked',
  partnerUnknownKey: 'partner/unknown-key',
  partnerKeyRetired: 'partner/key-retired',
  partnerBadSignature: 'partner/bad-signature',
  partnerWrongAudience: 'partner/wrong-audience',
  partnerExpired: 'partner/token-expired',
  partnerClockSkew: 'partner/clock-skew',
  partnerLifetimeTooLong: 'partner/lifetime-too-long',
  partnerReplayed: 'partner/replayed',
  partnerOriginNotAllowed: 'partner/origin-not-allowed',
  partnerRoleNotAllowed: 'partner/role-not-allowed',
  partnerUnknownUser: 'partner/unknown-user',
  /** The token names a user this partner did not provision and the owner did not bind to it. */
  partnerNotYourUser: 'partner/not-your-user',
  /** The token's signed `origin` differs from the origin of the page the framed app reports. */
  partnerOriginMismatch: 'partner/origin-mismatch',
  /** The exchange's HTTP Origin is neither the portal's own nor one of the partner's registered origins. */
  partnerRequestOrigin: 'partner/request-origin-not-allowed',
  /** Partners are registered, keyed and revoked by an owner signed in themselves: not from a partner session or an impersonation. */
  partnerOwnerSignInRequired: 'partner/owner-sign-in-required',
  /** The token's `node` is a code the organisation's hierarchy does not hold (packages/api README "Scoped books"). */
  partnerUnknownNode: 'partner/unknown-node',
  /** The token's `node` lies outside the nodes the partner's registration names. */
  partnerNodeOutsideSet: 'partner/node-outside-set',
  /** The token's `node` and the user's own scope share no merchant: the session would see nothing. */
  partnerNodeOutsideScope: 'partner/node-outside-user-scope',
  /** Owners see the whole organisation: an owner is never scoped to a node. */
  ownerNotScoped: 'organization/owner-not-scoped',
  /** A user's scope names a code the organisation's hierarchy does not hold. */
  unknownNode: 'organization/unknown-node',
  databaseUnavailable: 'api/database-unavailable',
  identityUnavailable: 'api/identity-unavailable',
  internal: 'api/internal',
  /** The analytics query ran past its time limit and was stopped in the engine. */
  analyticsTimeout: 'analytics/timeout',
  /** The analytics engine could not answer (not started, or failed); the rest of the portal works. */
  analyticsUnavailable: 'analytics/unavailable',
  /** A shard of the ClickHouse cluster did not answer: no partial answer is given; the message names the shard. */
  analyticsShardUnavailable: 'analytics/shard-unavailable',
  /** The caller has as many analytics questions running and waiting as admission allows: try again after Retry-After. */
  analyticsBusy: 'analytics/busy',
  /** The caller already has as many exports waiting or running as allowed: wait for one to finish. */
  exportQueueFull: 'exports/queue-full',
  /** An uploaded document whose bytes are not a PDF (whatever its name or declared type says). */
  notAPdf: 'documents/not-a-pdf',
  /** The organisation already has as many uploads arriving or in validation as allowed: wait for one to finish. */
  uploadsBusy: 'uploads/too-many-at-once',
  /** A roll back or delete of a hierarchy upload would remove nodes active users are scoped to (409, naming them). */
  uploadsScopedNodeInUse: 'uploads/scoped-node-in-use',
  /** The organisation has as many alerts (or subscriptions) as its settings allow: delete one first. */
  alertsLimitReached: 'alerts/limit-reached',
  /** "Send now" on a paused subscription: enable it first. */
  subscriptionDisabled: 'alerts/subscription-disabled',
  /** The dispute desk (shared disputes DISPUTE_ERROR_CODES): representing after the due date (409). */
  disputesPastDue: 'disputes/past-due',
  /** Acting on a decided (or accepted) dispute (409). */
  disputesClosed: 'disputes/closed',
  /** A second representment of the same dispute (409). */
  disputesAlreadyRepresented: 'disputes/already-represented',
  /** Evidence that is not a PDF, PNG or JPEG (400), or over 10 MB (413). */
  disputesEvidenceType: 'disputes/evidence-type',
  disputesEvidenceTooLarge: 'disputes/evidence-too-large',
  /** Not one of the organisation's disputes, or not a chargeback id at all (404). */
  disputesNotFound: 'disputes/not-found',
  /** Residuals: the running or a later month has no statement and cannot be closed (400). */
  residualsMonthOpen: 'residuals/month-open',
  /** Closing a month that is already closed (409). */
  residualsMonthClosed: 'residuals/month-closed',
  /** Not a node of the caller's organisation, or outside the caller's book (404); a month never closed (changes). */
  residualsNotFound: 'residuals/not-found',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.values(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]]),
    message: z.string(),
    /** For api/bad-request: which field, and what is wrong with it. */
    issues: z.optional(z.array(z.object({ field: z.string(), problem: z.string() }))),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
