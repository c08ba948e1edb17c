// Accepting an invitation: the one way an identity becomes linked to a portal user.
// The sign-up screen calls it with the ID token of the identity it has just created and the secret of
// its link. Every reason to refuse gives the same answer, so a caller learns nothing about invitations
// it does not hold, nor about other organisations.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { normalizeEmail } from '@payportal/shared/identity';
import type { VerifiedToken } from '../auth/verifyToken.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors/apiError.ts';
import { hashInviteSecret } from './inviteSecret.ts';

export const inviteRefused = () =>
  new ApiError(
    403,
    API_ERROR_CODES.inviteRefused,
    'This invitation cannot be accepted. Ask your administrator for a new invitation link.',
  );

interface OpenInviteRow {
  id: number;
  email: string;
  is_active: boolean;
  expired: boolean;
}

/**
 * Links the token's identity to the user whose open invitation has this secret, and clears the secret
 * (single use). Refused: an unknown, used or expired secret; a deactivated invitee; an identity whose
 * address is not the invitation's (it may still be unverified: the sign-up has only just created it);
 * an identity already linked to a portal user, in this organisation or any other.
 */
export async function acceptInvite(db: Database, identity: VerifiedToken, secret: string): Promise<void> {
  if (!identity.email) throw inviteRefused();
  const email = normalizeEmail(identity.email);
  try {
    await db.transaction(async (tx) => {
      const [invite] = await tx.query<OpenInviteRow>(
        `select id, email, is_active, invite_expires_at <= now() as expired from users
         where invite_token_hash = $1 and firebase_uid is null for update`,
        [hashInviteSecret(secret)],
      );
      if (!invite || invite.expired || !invite.is_active || invite.email !== email) throw inviteRefused();
      const [linked] = await tx.query('select 1 from users where firebase_uid = $1', [identity.uid]);
      if (linked) throw inviteRefused();
      await tx.query(
        'update users set firebase_uid = $2, invite_token_hash = null, invite_expires_at = null where id = $1',
        [invite.id, identity.uid],
      );
    });
  } catch (error) {
    // The same identity accepting two invitations at once: the unique uid lets one of them through.
    if ((error as { code?: unknown }).code === '23505') throw inviteRefused();
    throw error;
  }
}
