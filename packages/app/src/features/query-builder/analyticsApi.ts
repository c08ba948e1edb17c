// The analytics calls the builder makes, parsed with the shared contract.
import {
  ANALYTICS_PATHS,
  catalogueResponseSchema,
  queryDescriptionSchema,
  queryResultSchema,
  valuesQuerySchema,
  valuesResponseSchema,
  type QueryDescriptionInput,
} from '@payportal/shared/analytics';
import { apiRequest } from '../../lib/apiClient.ts';

export function fetchCatalogue(signal?: AbortSignal) {
  return apiRequest(ANALYTICS_PATHS.catalogue(), { schema: catalogueResponseSchema, signal });
}

/** Checked with the shared schema first: a description the API would refuse never leaves the browser. */
export function runQuery(description: QueryDescriptionInput, signal?: AbortSignal) {
  return apiRequest(ANALYTICS_PATHS.query(), {
    method: 'POST',
    body: queryDescriptionSchema.parse(description),
    schema: queryResultSchema,
    signal,
  });
}

export function searchValues(
  dimension: string,
  query: { search?: string; parent?: string; limit?: number },
  signal?: AbortSignal,
) {
  const parsed = valuesQuerySchema.parse(query);
  const params = new URLSearchParams({ limit: String(parsed.limit) });
  if (parsed.search) params.set('search', parsed.search);
  if (parsed.parent) params.set('parent', parsed.parent);
  return apiRequest(ANALYTICS_PATHS.values(dimension, params), { schema: valuesResponseSchema, signal });
}
