// POST /api/auth/v1/invites/accept: links the identity the sign-up has just created
// to its invitation, with the secret of the sign-up link. 204, or api/invite-refused.
import { API_PATHS } from '@payportal/shared/identity';
import type { User } from 'firebase/auth';
import { apiRequest } from '../../lib/apiClient.ts';

export function acceptInvite(identity: User, invite: string): Promise<undefined> {
  return apiRequest(API_PATHS.acceptInvite, {
    method: 'POST',
    body: { invite },
    tokenSource: { getToken: (forceRefresh) => identity.getIdToken(forceRefresh) },
  });
}
