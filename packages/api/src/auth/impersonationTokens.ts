// What support staff act as a user with. Their own ID token is exchanged for an
// opaque token bound to them and one target user, read-only unless they hold support_write, living at
// most IMPERSONATION_TOKEN_TTL_MS (15 minutes). The frame sends it instead of the ID token, so what a
// partner page relays on every impersonated call can reach one user for minutes, not anyone for an hour.
import {
  IMPERSONATE_HEADER,
  IMPERSONATION_TOKEN_PREFIX,
  type ImpersonationResponse,
  type WarehouseUser,
} from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';
import { platformPermissionsOf } from '../identity/roleRepository.ts';
import { saveImpersonationToken } from '../identity/impersonationTokenRepository.ts';
import { findUserByEmail } from '../identity/userRepository.ts';
import { disabledUser, impersonationForbidden, notFound, notSupportStaff } from '../errors/apiError.ts';
import { newSecret, sha256 } from './secrets.ts';

/** Tells an impersonation token from an ID token (a JWT never starts with `imp_`). */
export const isImpersonationToken = (bearer: string): boolean => bearer.startsWith(IMPERSONATION_TOKEN_PREFIX);

/** What the table stores and looks up: the token itself is never stored. */
export const hashImpersonationToken = (token: string): string => sha256(token);

/** The header as Node hands it over (lower case). */
export const impersonateHeader = IMPERSONATE_HEADER.toLowerCase();

export interface ImpersonationRequest {
  /** The verified signed-in caller (an ID token, never an impersonation token). */
  supportUser: WarehouseUser;
  /** The user to act as (normalised by emailSchema). */
  email: string;
  ttlMs: number;
  nowMs: number;
}

export async function issueImpersonationToken(
  db: Queryable,
  request: ImpersonationRequest,
): Promise<ImpersonationResponse> {
  // Checked before anything of the target is read, so a refused caller learns nothing about it.
  const permissions = await platformPermissionsOf(db, request.supportUser.id);
  if (!permissions.includes('support')) throw notSupportStaff();
  const target = await findUserByEmail(db, request.email);
  if (!target) throw notFound();
  if (!target.is_active) throw disabledUser();
  // Support staff acting as each other would blur whose work the audit shows; no support task needs it.
  if ((await platformPermissionsOf(db, target.id)).length > 0)
    throw impersonationForbidden('Support staff cannot act as other support staff.');

  const token = IMPERSONATION_TOKEN_PREFIX + newSecret();
  const canWrite = permissions.includes('support_write');
  const expiresAtMs = request.nowMs + request.ttlMs;
  await saveImpersonationToken(db, {
    hash: hashImpersonationToken(token),
    supportUserId: request.supportUser.id,
    targetUserId: target.id,
    canWrite,
    createdAtMs: request.nowMs,
    expiresAtMs,
  });
  return { token, expires_at: new Date(expiresAtMs).toISOString(), read_only: !canWrite };
}
