// The analytics calls the builder makes, parsed with the shared contract.
import {
  catalogueResponseSchema,
  queryDescriptionSchema,
  queryResultSchema,
  valuesQuerySchema,
  valuesResponseSchema,
  type QueryDescriptionInput,
} from '@payportal/shared';
import { apiRequest } from '../../lib/apiClient.ts';

const BASE = '/api/analytics/v1';

export function fetchCatalogue(signal?: AbortSignal) {
  return apiRequest(`${BASE}/catalogue`, { schema: catalogueResponseSchema, signal });
}

/** Checked with the shared schema first: a description the API would refuse never leaves the browser. */
export function runQuery(description: QueryDescriptionInput, signal?: AbortSignal) {
  return apiRequest(`${BASE}/query`, { method: 'POST', body: queryDescriptionSchema.parse(description), schema: queryResultSchema, signal });
}

export function searchValues(dimension: string, query: { search?: string; parent?: string; limit?: number }, signal?: AbortSignal) {
  const parsed = valuesQuerySchema.parse(query);
  const params = new URLSearchParams({ limit: String(parsed.limit) });
  if (parsed.search) params.set('search', parsed.search);
  if (parsed.parent) params.set('parent', parsed.parent);
  return apiRequest(`${BASE}/values/${encodeURIComponent(dimension)}?${params}`, { schema: valuesResponseSchema, signal });
}
