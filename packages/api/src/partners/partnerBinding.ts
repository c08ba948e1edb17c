// Checked on every call by auth/callerContext.ts (SECURITY.md #3 and #14): a partner-bound user is opened by
// that partner's sessions only, and by nothing once it is revoked. Decided from the token itself (the
// partner claim of a custom-token sign-in), never from a column the browser or an owner's label could change.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { RoleName } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors/apiError.ts';

/** The token facts the rule reads. */
export interface SessionOrigin {
  partner: string | null;
  signInProvider: string | null;
}

/** A partner's session: its claim on a custom-token sign-in (what the exchange makes, partnerSessions.ts). */
export const isPartnerSession = (token: SessionOrigin): boolean =>
  token.partner !== null && token.signInProvider === 'custom';

export const notYourUser = () =>
  new ApiError(
    403,
    API_ERROR_CODES.partnerNotYourUser,
    "This user is not one of this partner's: a partner opens only the users it provisioned or the organisation's owner bound to it.",
  );

/**
 * Nothing for a user bound to no partner signing in without one. Otherwise the role cap of the partner
 * whose session this is, or the refusal: a revoked partner's users on any token (password ones included),
 * a bound user on a token no partner session opened, a partner's session for a user not bound to it.
 */
export async function partnerCapOf(
  db: Queryable,
  user: { org_id: number; partner_id: number | null },
  token: SessionOrigin,
): Promise<RoleName[] | null> {
  if (user.partner_id === null) {
    if (token.partner !== null) throw notYourUser();
    return null;
  }
  const [partner] = await db.query<{ issuer: string; name: string; roles: RoleName[]; revoked: boolean }>(
    'select issuer, name, roles, revoked_at is not null as revoked from partners where id = $1 and org_id = $2',
    [user.partner_id, user.org_id],
  );
  if (!partner || partner.revoked)
    throw new ApiError(
      403,
      API_ERROR_CODES.partnerRevoked,
      "The partner this account signs in through was revoked by the organisation's owner.",
    );
  if (!isPartnerSession(token))
    throw new ApiError(403, API_ERROR_CODES.partnerSignInOnly, `This account signs in through ${partner.name}`);
  if (token.partner !== partner.issuer) throw notYourUser();
  return partner.roles;
}
