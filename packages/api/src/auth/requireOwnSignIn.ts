// Registering a partner, changing its keys and revoking it lets a third party open sessions for good, so
// it is the owner's own act (SECURITY.md #14): never from a session a partner minted, and never during
// an impersonation, whose support person leaves while a key they registered would stay.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/apiError.ts';
import { callerOf } from './callerHooks.ts';

export async function requireOwnSignIn(request: FastifyRequest): Promise<void> {
  const caller = callerOf(request);
  if (caller.impersonating || caller.partnerCap !== null || caller.token.partner !== null) {
    throw new ApiError(
      403,
      API_ERROR_CODES.partnerOwnerSignInRequired,
      "Partners are registered, re-keyed and revoked by an owner signed in with their own account: not from a partner's session or an impersonation.",
    );
  }
}
