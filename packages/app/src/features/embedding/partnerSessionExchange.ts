// The host's getToken may answer a partner's signed session token instead of an ID token (packages/api/docs/
// access.md "Partner sessions"): the frame exchanges it for an ID token of the user it names, for the host
// page's origin, and uses that like any other. Sent once: the token's jti is single use, so a refused
// exchange is never retried with the same token (the next need asks the host for a new one).
import { API_PATHS, partnerSessionResponseSchema } from '@payportal/shared/identity';
import { safeParse } from 'zod/mini';
import { ApiError, toApiError } from '../../lib/apiClient.ts';
import type { HostTokenExchange } from './hostTokenSource.ts';

/** A PayPortal ID token's issuer is the identity service; a partner's token names the partner. Unverified: the API checks all. */
export function isPartnerSessionToken(token: string): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { iss?: unknown };
    return typeof payload.iss === 'string' && !payload.iss.startsWith('https://securetoken.google.com/');
  } catch {
    return false;
  }
}

export function partnerSessionExchange(hostOrigin: string): HostTokenExchange {
  return (hostToken) => {
    if (!isPartnerSessionToken(hostToken)) return null;
    return (async () => {
      let response: Response;
      try {
        response = await fetch(API_PATHS.partnerSession, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ token: hostToken, origin: hostOrigin }),
        });
      } catch {
        throw new ApiError(0, 'network', 'The portal could not be reached. Check your connection and try again.');
      }
      if (!response.ok) throw await toApiError(response);
      const parsed = safeParse(partnerSessionResponseSchema, await response.json().catch(() => undefined));
      if (!parsed.success)
        throw new ApiError(response.status, 'bad-response', 'The portal sent an answer this page could not read.');
      return parsed.data.id_token;
    })();
  };
}
