// Every product call (spec §7): bearer token, JSON, the Impersonate-User header when impersonating,
// 204 as empty. Answers are parsed with the shared schemas; errors carry the API's code.
import { apiErrorBodySchema, IMPERSONATE_HEADER, type ApiErrorCode } from '@payportal/shared';
import type { z } from 'zod';
import { getTokenSource, type TokenSource } from './tokenSource.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'network' | 'bad-response',
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let impersonatedEmail: string | null = null;

/** spec §4: the impersonation e-mail can be set or cleared; every request carries it while set. */
export function setImpersonatedEmail(email: string | null): void {
  impersonatedEmail = email;
}

export interface ApiRequest<Schema extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  /** Parses the answer; omit for calls whose answer is not used. */
  schema?: Schema;
  signal?: AbortSignal;
  /**
   * Where the bearer token comes from instead of the session's: the sign-up screen accepts its invitation
   * with the identity it has just created, before any portal session exists.
   */
  tokenSource?: TokenSource;
}

type Answer<Schema> = Schema extends z.ZodType ? z.infer<Schema> : undefined;

export async function apiRequest<Schema extends z.ZodType | undefined = undefined>(
  path: string,
  request: ApiRequest<Schema> = {},
): Promise<Answer<Schema>> {
  const send = async (forceRefresh: boolean) => {
    const token = await (request.tokenSource ?? getTokenSource())?.getToken(forceRefresh);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (impersonatedEmail) headers[IMPERSONATE_HEADER] = impersonatedEmail;
    return fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  };

  let response: Response;
  try {
    response = await send(false);
    // A token can expire between the schedule's refresh and this call: one retry with a fresh token.
    if (response.status === 401) response = await send(true);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'The portal could not be reached. Check your connection and try again.');
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204 || !request.schema) return undefined as Answer<Schema>;
  const parsed = request.schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, 'bad-response', 'The portal sent an answer this page could not read.');
  return parsed.data as Answer<Schema>;
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = apiErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  return new ApiError(response.status, 'bad-response', `The portal answered with an error (${response.status}).`);
}
