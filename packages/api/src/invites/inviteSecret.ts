// An invitation's single-use secret. The secret goes to the owner once, inside the
// sign-up link; the database keeps only its SHA-256, so a copy of the table opens no invitation.
// Never log either.
import * as constants from '@payportal/shared/constants';
import { newSecret, sha256 } from '../auth/secrets.ts';

export interface NewInviteSecret {
  /** 32 random bytes as base64url: what the sign-up link carries (shared `inviteSecretSchema`). */
  secret: string;
  /** What is stored: `users.invite_token_hash`. */
  hash: string;
  /** `users.invite_expires_at`: `INVITE_LIFETIME_MS` from now. */
  expiresAt: Date;
}

export function hashInviteSecret(secret: string): string {
  return sha256(secret, 'hex');
}

export function newInviteSecret(now = Date.now()): NewInviteSecret {
  const secret = newSecret();
  return { secret, hash: hashInviteSecret(secret), expiresAt: new Date(now + constants.INVITE_LIFETIME_MS) };
}
