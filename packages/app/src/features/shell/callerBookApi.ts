// The book the signed-in caller sees (GET /api/auth/v1/scope, README "Scoped books"), loaded on demand
// by the banner so the sign-in path carries neither this call nor its schema.
import { API_PATHS, bookLabel, callerBookSchema } from '@payportal/shared/identity';
import { apiRequest } from '../../lib/apiClient.ts';

/** The banner's text ("Agent: Lakeside Payments — 38 merchants"), or null for the whole organisation. */
export async function fetchBookLabel(signal: AbortSignal): Promise<string | null> {
  const { book } = await apiRequest(API_PATHS.scope, { schema: callerBookSchema, signal });
  return book && bookLabel(book);
}
