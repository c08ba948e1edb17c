// The error answers every portal route may give, for the OpenAPI document and the serializer.
import { apiErrorBodySchema } from '@payportal/shared';

export const errorResponses = {
  400: apiErrorBodySchema.describe('api/bad-request: `issues` names each field and its problem'),
  401: apiErrorBodySchema.describe('api/unauthenticated, api/token-expired, api/token-revoked or api/impersonation-expired'),
  403: apiErrorBodySchema.describe('disabled, api/forbidden, api/impersonation-forbidden, api/impersonation-token-required or api/impersonation-read-only'),
  404: apiErrorBodySchema.describe('api/not-found: also for rows of another organisation'),
  503: apiErrorBodySchema.describe('api/database-unavailable or api/identity-unavailable'),
};

/** Security scheme of every portal route in the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];
