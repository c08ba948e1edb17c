// Checked on every call by auth/callerContext.ts, so it stands apart from the session exchange.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors/apiError.ts';

/** An ID token opened by a partner's session is refused once that partner is revoked (checked on every call). */
export async function refuseRevokedPartner(db: Queryable, issuer: string, orgId: number): Promise<void> {
  const [live] = await db.query<{ id: number }>(
    'select id from partners where issuer = $1 and org_id = $2 and revoked_at is null',
    [issuer, orgId],
  );
  if (!live)
    throw new ApiError(
      403,
      API_ERROR_CODES.partnerRevoked,
      "The partner that opened this session was revoked by the organisation's owner.",
    );
}
