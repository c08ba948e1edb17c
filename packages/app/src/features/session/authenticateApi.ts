import { API_PATHS, authenticateResponseSchema, type AuthenticateResponse } from '@payportal/shared/identity';
import { apiRequest } from '../../lib/apiClient.ts';

/** POST /api/auth/v1/authenticate/ with the current token: the user, roles and organisation in one call. */
export function authenticate(): Promise<AuthenticateResponse> {
  return apiRequest(API_PATHS.authenticate, { method: 'POST', schema: authenticateResponseSchema });
}
