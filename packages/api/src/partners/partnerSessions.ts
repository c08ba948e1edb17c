// A partner's signed session token exchanged for a portal session (docs/access.md "Partner sessions"). The
// token is checked with jose against the partner's registered public keys; the session itself is an
// ordinary ID token of the identity service, made through its custom-token sign-in, so every later call
// runs the one verification path (revocation, deactivation, sign-in rules) that all ID tokens run.
import { API_ERROR_CODES, type ApiErrorCode } from '@payportal/shared/errors';
import {
  normalizeEmail,
  PARTNER_CLAIM,
  PARTNER_NODE_CLAIM,
  PARTNER_SESSION_AUDIENCE,
  PARTNER_SESSION_CLOCK_TOLERANCE_S,
  PARTNER_SESSION_MAX_LIFETIME_S,
  partnerSessionClaimsSchema,
  type PartnerSessionResponse,
  type RoleName,
} from '@payportal/shared/identity';
import {
  decodeJwt,
  decodeProtectedHeader,
  errors,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWSHeaderParameters,
  type JWTPayload,
} from 'jose';
import type { Database, Queryable } from '../db/database.ts';
import { findOrgUserByEmail } from '../identity/index.ts';
import { ApiError, disabledUser } from '../errors/apiError.ts';
import type { PortfolioNodeRow } from '@payportal/analytics';
import { notYourUser } from './partnerBinding.ts';
import { checkNodeClaim, intersectScope } from './partnerNode.ts';
import { keyFromJwks, PARTNER_ALGORITHMS } from './partnerJwks.ts';
import { recordUserChange, type OrgIdentity } from '../organization/index.ts';

export interface PartnerSessionDeps {
  db: Database;
  identity: OrgIdentity;
  /** ms since the epoch; tests move the clock. */
  now?: () => number;
  /** NODE_ENV=production: a partner's JWKS URL must be https (partnerJwks.ts); unset counts as production. */
  production?: boolean;
  /** The organisation's hierarchy, read only for a token that carries `node` (partnerNode.ts). */
  portfolio: (orgId: number) => Promise<PortfolioNodeRow[]>;
}

interface LivePartner {
  id: number;
  org_id: number;
  issuer: string;
  name: string;
  allowed_origins: string[];
  roles: RoleName[];
  provision_users: boolean;
  revoked_at: unknown;
  jwks_url: string | null;
  nodes: string[];
}

const refuse = (status: 401 | 403, code: ApiErrorCode, message: string) => new ApiError(status, code, message);
const C = API_ERROR_CODES;

/** The token's header and claims, unverified: only to find the partner and the key that must verify it. */
function peek(token: string): { header: JWSHeaderParameters; kid: string | null; iss: string | null } {
  try {
    const header = decodeProtectedHeader(token);
    const payload = decodeJwt(token);
    return {
      header,
      kid: typeof header.kid === 'string' ? header.kid : null,
      iss: typeof payload.iss === 'string' ? payload.iss : null,
    };
  } catch {
    throw refuse(401, C.partnerBadToken, 'The partner session token is not a signed JWT (header.payload.signature).');
  }
}

async function verifySignedClaims(
  token: string,
  partner: LivePartner,
  key: { algorithms: string[]; verifier: CryptoKey | Uint8Array },
  nowMs: number,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, key.verifier, {
      algorithms: key.algorithms,
      issuer: partner.issuer,
      audience: PARTNER_SESSION_AUDIENCE,
      clockTolerance: PARTNER_SESSION_CLOCK_TOLERANCE_S,
      maxTokenAge: PARTNER_SESSION_MAX_LIFETIME_S,
      requiredClaims: ['iat', 'exp', 'jti'],
      currentDate: new Date(nowMs),
    });
    return payload;
  } catch (error) {
    throw tokenRefusal(error, nowMs);
  }
}

function tokenRefusal(error: unknown, nowMs: number): ApiError {
  if (error instanceof errors.JWTExpired) return expiredRefusal(error, nowMs);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return refuse(
        401,
        C.partnerWrongAudience,
        `The partner session token's aud must be "${PARTNER_SESSION_AUDIENCE}".`,
      );
    if ((error.claim === 'iat' || error.claim === 'nbf') && error.reason === 'check_failed') {
      return refuse(
        401,
        C.partnerClockSkew,
        `The partner session token's ${error.claim} lies in the future beyond ${PARTNER_SESSION_CLOCK_TOLERANCE_S} s: check the partner server's clock.`,
      );
    }
    return refuse(
      401,
      C.partnerBadToken,
      `The partner session token's ${error.claim} claim ${error.reason === 'missing' ? 'is missing' : 'is not valid'}.`,
    );
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return refuse(
      401,
      C.partnerBadSignature,
      "The partner session token's signature does not match the key its kid names.",
    );
  }
  return refuse(401, C.partnerBadToken, `The partner session token could not be verified: ${(error as Error).message}`);
}

/**
 * A token is signed for the session it opens, seconds before: one issued longer ago than a token may
 * live says the partner's clock is behind ours (a clock 400 s slow), not that the token lived too long.
 */
function expiredRefusal(error: InstanceType<typeof errors.JWTExpired>, nowMs: number): ApiError {
  const iat = error.payload.iat;
  const behind = typeof iat === 'number' ? Math.round(nowMs / 1000 - iat) : 0;
  if (behind > PARTNER_SESSION_MAX_LIFETIME_S + PARTNER_SESSION_CLOCK_TOLERANCE_S) {
    return refuse(
      401,
      C.partnerClockSkew,
      `The partner session token's iat lies ${behind} s in the past by the portal's clock, more than a token may live (${PARTNER_SESSION_MAX_LIFETIME_S} s): the partner server's clock is slow (sync it with NTP), or the token was kept instead of signed for this session.`,
    );
  }
  return refuse(
    401,
    C.partnerExpired,
    `The partner session token has expired (${error.claim === 'iat' ? 'issued more than 5 minutes ago' : 'its exp has passed'}): sign a new one for each session.`,
  );
}

/** Single use: the first exchange of a jti records it until the token could not pass anyway. */
async function spendJti(
  db: Queryable,
  partnerId: number,
  jti: string,
  expSeconds: number,
  nowMs: number,
): Promise<void> {
  await db.query('delete from partner_session_jtis where expires_at < $1', [
    new Date(nowMs - PARTNER_SESSION_CLOCK_TOLERANCE_S * 1000).toISOString(),
  ]);
  const [spent] = await db.query<{ jti: string }>(
    'insert into partner_session_jtis (partner_id, jti, expires_at) values ($1, $2, $3) on conflict do nothing returning jti',
    [partnerId, jti, new Date((expSeconds + PARTNER_SESSION_CLOCK_TOLERANCE_S) * 1000).toISOString()],
  );
  if (!spent)
    throw refuse(
      401,
      C.partnerReplayed,
      'This partner session token was already used: sign a new one (with a new jti) for each session.',
    );
}

export interface PartnerSessionRequest {
  token: string;
  /** The framing page's origin as the framed app's handshake reported it (the body's `origin`). */
  origin: string;
  /** The request's HTTP Origin header, if the caller sent one. */
  requestOrigin: string | undefined;
  /** The portal's own origins: the framed app's exchange comes from one of them. */
  portalOrigins: readonly string[];
}

/**
 * The partner's page is bound to what it signed (SECURITY.md #15): the signed origin is one of the
 * partner's, the framed app reports the same page, and the call comes from the portal's own page or the
 * partner's. The body's origin alone proves nothing: any script holding a token could write any origin.
 */
function refuseOrigins(partner: LivePartner, signedOrigin: string, request: PartnerSessionRequest): void {
  if (!partner.allowed_origins.includes(signedOrigin)) {
    throw refuse(
      403,
      C.partnerOriginNotAllowed,
      `The page at ${signedOrigin} (the token's origin) is not one of this partner's allowed origins.`,
    );
  }
  if (request.origin !== signedOrigin) {
    throw refuse(
      403,
      C.partnerOriginMismatch,
      `The partner signed this token for ${signedOrigin}, but the portal is framed by ${request.origin}.`,
    );
  }
  const from = request.requestOrigin;
  if (from !== undefined && !request.portalOrigins.includes(from) && !partner.allowed_origins.includes(from)) {
    throw refuse(
      403,
      C.partnerRequestOrigin,
      `A page at ${from} may not exchange this partner's tokens: only the portal's own page or the partner's.`,
    );
  }
}

/** The partner's pasted key that the token's kid names: refused by name when unknown or retired. */
async function registeredKey(
  partnerId: number,
  kid: string | null,
  db: Queryable,
): Promise<{ algorithms: string[]; verifier: CryptoKey | Uint8Array }> {
  const [key] = kid
    ? await db.query<{ alg: string; public_jwk: object; retired_at: unknown }>(
        'select alg, public_jwk, retired_at from partner_keys where partner_id = $1 and kid = $2',
        [partnerId, kid],
      )
    : [];
  if (!key)
    throw refuse(
      401,
      C.partnerUnknownKey,
      `The partner session token's kid ${kid ? `"${kid}" ` : ''}names no key of this partner: register the key first.`,
    );
  if (key.retired_at !== null)
    throw refuse(
      401,
      C.partnerKeyRetired,
      `The key "${kid}" was retired (rotated out): sign with the partner's current key.`,
    );
  return { algorithms: [key.alg], verifier: await importJWK(key.public_jwk, key.alg) };
}

export async function openPartnerSession(
  deps: PartnerSessionDeps,
  request: PartnerSessionRequest,
): Promise<PartnerSessionResponse> {
  const nowMs = (deps.now ?? Date.now)();
  const { header, kid, iss } = peek(request.token);
  const [partner] = iss
    ? await deps.db.query<LivePartner>(
        'select id, org_id, issuer, name, allowed_origins, roles, provision_users, revoked_at, jwks_url, nodes from partners where issuer = $1',
        [iss],
      )
    : [];
  if (!partner)
    throw refuse(
      401,
      C.partnerUnknownPartner,
      "The partner session token's iss names no registered partner: use the issuer the organisation screen shows.",
    );
  if (partner.revoked_at !== null)
    throw refuse(
      403,
      C.partnerRevoked,
      "This partner was revoked by the organisation's owner: it can no longer open sessions.",
    );
  const key = partner.jwks_url
    ? {
        algorithms: PARTNER_ALGORITHMS,
        verifier: await keyFromJwks({ id: partner.id, jwks_url: partner.jwks_url }, header, deps.production ?? true),
      }
    : await registeredKey(partner.id, kid, deps.db);

  const payload = await verifySignedClaims(request.token, partner, key, nowMs);
  if (payload.exp! - payload.iat! > PARTNER_SESSION_MAX_LIFETIME_S) {
    throw refuse(
      401,
      C.partnerLifetimeTooLong,
      `A partner session token lives at most ${PARTNER_SESSION_MAX_LIFETIME_S} s (exp - iat).`,
    );
  }
  const claims = partnerSessionClaimsSchema.safeParse(payload);
  if (!claims.success) {
    throw refuse(
      401,
      C.partnerBadToken,
      `The partner session token's claims are not valid: ${claims.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}.`,
    );
  }
  refuseOrigins(partner, claims.data.origin, request);
  const outside = (claims.data.roles ?? []).filter((role) => !partner.roles.includes(role));
  if (outside.length > 0)
    throw refuse(
      403,
      C.partnerRoleNotAllowed,
      `This partner may not give ${outside.join(', ')}: its roles are ${partner.roles.join(', ')}.`,
    );
  const claimedNode = claims.data.node;
  const nodes = claimedNode === undefined ? [] : await deps.portfolio(partner.org_id);
  if (claimedNode !== undefined) checkNodeClaim(nodes, partner.nodes, claimedNode);
  await spendJti(deps.db, partner.id, payload.jti!, payload.exp!, nowMs);

  const { uid, provisioned } = await sessionUser(deps, partner, {
    ...claims.data,
    email: normalizeEmail(claims.data.email),
  });
  const sessionClaims: Record<string, unknown> = { [PARTNER_CLAIM]: partner.issuer };
  if (claimedNode !== undefined) {
    const [user] = await deps.db.query<{ scope_node: string | null }>(
      'select scope_node from users where firebase_uid = $1',
      [uid],
    );
    const userScope = user?.scope_node ?? null;
    sessionClaims[PARTNER_NODE_CLAIM] = { node: intersectScope(nodes, claimedNode, userScope), user_scope: userScope };
  }
  const { idToken, expiresAt } = await deps.identity.signInAs(uid, sessionClaims);
  return { id_token: idToken, expires_at: new Date(expiresAt).toISOString(), provisioned };
}

/** The portal user the token names in the partner's organisation, linked to an identity; created when the partner may. */
async function sessionUser(
  deps: PartnerSessionDeps,
  partner: LivePartner,
  claims: { email: string; name: string; roles?: RoleName[] | undefined },
): Promise<{ uid: string; provisioned: boolean }> {
  const existing = await findOrgUserByEmail(deps.db, partner.org_id, claims.email);
  if (existing) {
    if (existing.partner_id !== partner.id) throw notYourUser();
    if (!existing.is_active) throw disabledUser();
    if (existing.firebase_uid) return { uid: existing.firebase_uid, provisioned: false };
    return { uid: await linkIdentity(deps, existing.id, claims), provisioned: false };
  }
  if (!partner.provision_users) throw unknownUser();
  const uid = await deps.identity.identityFor(claims.email, claims.name);
  const roles = claims.roles ?? partner.roles;
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into users (email, name, org_id, is_active, config, sign_in_method, firebase_uid, partner_id)
       values ($1, $2, $3, true, '{"last_logged_in": null, "email_verified": true}', 'partner', $4, $5)
       on conflict do nothing returning id`,
      [claims.email, claims.name, partner.org_id, uid, partner.id],
    );
    if (!row) return false;
    if (roles.length > 0)
      await tx.query(
        'insert into user_roles (user_id, role_id) select $1, id from roles where name = any($2::text[])',
        [row.id, roles],
      );
    await recordUserChange(tx, {
      orgId: partner.org_id,
      targetUserId: row.id,
      actor: { id: null, email: partner.issuer, name: partner.name },
      action: 'partner-provision',
      before: null,
      after: { email: claims.email, name: claims.name, roles },
    });
    return true;
  });
  if (created) return { uid, provisioned: true };
  // Another session created it at the same moment, or the identity belongs to a user elsewhere.
  const [linked] = await deps.db.query<{ org_id: number; partner_id: number | null }>(
    'select org_id, partner_id from users where firebase_uid = $1',
    [uid],
  );
  if (linked?.org_id === partner.org_id && linked.partner_id === partner.id) return { uid, provisioned: false };
  // Another organisation's address answers as an unknown one: a partner learns nothing about other organisations.
  throw unknownUser();
}

const unknownUser = () =>
  refuse(403, C.partnerUnknownUser, 'The organisation has no user with this address that this partner may open.');

/** A user the owner invited (or created for partner sign-in) who has no identity yet gets one on their first session. */
async function linkIdentity(
  deps: PartnerSessionDeps,
  userId: number,
  claims: { email: string; name: string },
): Promise<string> {
  const uid = await deps.identity.identityFor(claims.email, claims.name);
  try {
    await deps.db.query(
      'update users set firebase_uid = $1, invite_token_hash = null, invite_expires_at = null where id = $2 and firebase_uid is null',
      [uid, userId],
    );
  } catch {
    throw unknownUser();
  }
  return uid;
}
