// The error answers every portal route may give, for the OpenAPI document and the serializer.
import type { AnalyticsEngine } from '@payportal/analytics';
import { API_ERROR_CODES, apiErrorBodySchema } from '@payportal/shared/errors';
import { z } from 'zod';
import { ApiError } from '../errors/apiError.ts';

export const errorResponses = {
  400: describedError('api/bad-request: `issues` names each field and its problem'),
  401: describedError('api/unauthenticated, api/token-expired, api/token-revoked or api/impersonation-expired'),
  403: describedError(
    'disabled, api/forbidden, api/impersonation-forbidden, api/impersonation-token-required or api/impersonation-read-only',
  ),
  404: describedError('api/not-found: also for rows of another organisation'),
  503: describedError('api/database-unavailable or api/identity-unavailable'),
};

/** The error body with a description for the OpenAPI document (the shared schema is zod/mini: no .describe method). */
export function describedError(description: string) {
  return apiErrorBodySchema.with(z.describe(description));
}

/** Security scheme of every portal route in the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The answers of routes that ask the analytics engine (queries, estimates, export runs). */
export const analyticsErrors = {
  ...errorResponses,
  503: describedError(
    'api/database-unavailable, api/identity-unavailable, analytics/unavailable or analytics/shard-unavailable (a ClickHouse shard, named in the message, did not answer)',
  ),
  429: describedError(
    'analytics/busy: the caller has as many questions running and waiting as allowed; try again after Retry-After',
  ),
  504: describedError(
    'analytics/timeout: the query ran past the time limit (counted from its arrival) and was stopped, or could not start within it',
  ),
};

/** The engine (or the service built on it), or 503 analytics/unavailable when this server has none. */
export function requireAnalytics<Service extends AnalyticsEngine | object>(service: Service | null): Service {
  if (!service)
    throw new ApiError(503, API_ERROR_CODES.analyticsUnavailable, 'Analytics is not available on this server.');
  return service;
}
