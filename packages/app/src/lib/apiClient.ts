// Every product call: bearer token, JSON, the Impersonate-User header when impersonating,
// 204 as empty. Answers are parsed with the shared schemas; errors carry the API's code. While
// impersonating, the bearer is an impersonation token exchanged for the signed-in person's ID token
//: the API refuses an ID token with Impersonate-User.
import { API_ERROR_CODES, apiErrorBodySchema, type ApiErrorCode } from '@payportal/shared/errors';
import { API_PATHS, IMPERSONATE_HEADER, impersonationResponseSchema } from '@payportal/shared/identity';
import type { z } from 'zod';
// Full zod or zod/mini schemas alike (both are zod's core type); parsed with zod/mini's function, so the
// sign-in path loads no full zod.
import { safeParse } from 'zod/mini';
import { setImpersonationReadOnly } from './impersonationAccess.ts';
import { impersonationTokenSource } from './impersonationTokenSource.ts';
import { getTokenSource, type TokenSource } from './tokenSource.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'network' | 'bad-response',
    message: string,
    /** The API's Retry-After (429 analytics/busy), in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let impersonation: { email: string; tokens: TokenSource } | null = null;

/**
 * Refusals that end the session whatever was asked: the partner that opened it was revoked, or the user
 * deactivated, after sign-in. The sign-in itself (authenticate) reports its own refusals.
 */
const SESSION_ENDING_CODES: ReadonlySet<string> = new Set([API_ERROR_CODES.partnerRevoked, API_ERROR_CODES.disabled]);
let onSessionEnded: ((error: ApiError) => void) | null = null;

/** Framed mode hears here that the session is over, to tell the host (PROTOCOL.md M7); null stops it. */
export function whenSessionEnds(listener: ((error: ApiError) => void) | null): void {
  onSessionEnded = listener;
}

function noticeEnd(path: string, error: ApiError): ApiError {
  if (error.status === 403 && SESSION_ENDING_CODES.has(error.code) && path !== API_PATHS.authenticate)
    onSessionEnded?.(error);
  return error;
}

/**
 * the impersonation e-mail can be set or cleared; every request carries it while set, with an
 * impersonation token for that user as the bearer. Setting it starts a new token source (the first call
 * exchanges); clearing it drops the token.
 */
export function setImpersonatedEmail(email: string | null): void {
  setImpersonationReadOnly(null);
  impersonation = email
    ? {
        email,
        tokens: impersonationTokenSource(async () => {
          const issued = await apiRequest(API_PATHS.impersonation, {
            method: 'POST',
            body: { email },
            schema: impersonationResponseSchema,
            ownIdToken: true,
          });
          // Only while this impersonation is still the current one (a switch of user may have happened meanwhile).
          if (impersonation?.email === email) setImpersonationReadOnly(issued.read_only);
          return issued;
        }),
      }
    : null;
}

export interface ApiRequest<Schema extends z.core.$ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Sent as JSON; a Blob (a file) is sent as its bytes, with the Blob's type. */
  body?: unknown;
  /** Parses the answer; omit for calls whose answer is not used. */
  schema?: Schema;
  signal?: AbortSignal;
  /** Send the signed-in person's own ID token and no Impersonate-User, even while impersonating (the exchange). */
  ownIdToken?: boolean;
  /**
   * Where the bearer token comes from instead of the session's: the sign-up screen accepts its invitation
   * with the identity it has just created, before any portal session exists.
   */
  tokenSource?: TokenSource;
  /** Resolve with the body as text (a CSV file) instead of parsing JSON; the caller casts it to string. */
  text?: boolean;
}

type Answer<Schema> = Schema extends z.core.$ZodType ? z.output<Schema> : undefined;

export async function apiRequest<Schema extends z.core.$ZodType | undefined = undefined>(
  path: string,
  request: ApiRequest<Schema> = {},
): Promise<Answer<Schema>> {
  const response = await apiFetch(path, request);
  if (request.text) return (await response.text()) as Answer<Schema>;
  if (response.status === 204 || !request.schema) return undefined as Answer<Schema>;
  const parsed = safeParse(request.schema, await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new ApiError(response.status, 'bad-response', 'The portal sent an answer this page could not read.');
  return parsed.data as Answer<Schema>;
}

/**
 * The headers of a product call (bearer token, Impersonate-User) for a client that sends its own
 * requests: tus-js-client's resumable uploads. Asked before every request, so a refreshed
 * token is used.
 */
export async function authHeaders(): Promise<Record<string, string>> {
  const acting = impersonation;
  const token = await (acting ? acting.tokens : getTokenSource())?.getToken(false);
  return { ...(token && { authorization: `Bearer ${token}` }), ...(acting && { [IMPERSONATE_HEADER]: acting.email }) };
}

/** A call whose answer is read as it arrives (the query batch's NDJSON lines), with the same token rules. */
export function apiResponse(
  path: string,
  request: Pick<ApiRequest<undefined>, 'method' | 'body' | 'signal'> = {},
): Promise<Response> {
  return apiFetch(path, request);
}

/** A call whose answer is a file's bytes (a document for the in-page viewer), with the same token rules. */
export async function apiBytes(
  path: string,
  request: Pick<ApiRequest<undefined>, 'signal'> = {},
): Promise<ArrayBuffer> {
  const response = await apiFetch(path, request);
  return response.arrayBuffer();
}

async function apiFetch(path: string, request: ApiRequest<z.core.$ZodType | undefined>): Promise<Response> {
  // Fixed for the call, retry included: a switch of user meanwhile never mixes one user's token with another's e-mail.
  const acting = request.ownIdToken ? null : impersonation;
  const file = request.body instanceof Blob ? request.body : null;
  const send = async (forceRefresh: boolean) => {
    const token = await (acting ? acting.tokens : (request.tokenSource ?? getTokenSource()))?.getToken(forceRefresh);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.body !== undefined)
      headers['content-type'] = file ? file.type || 'application/octet-stream' : 'application/json';
    if (acting) headers[IMPERSONATE_HEADER] = acting.email;
    return fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: file ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      signal: request.signal,
    });
  };

  let response: Response;
  try {
    response = await send(false);
    // A token can expire between the schedule's refresh and this call: one retry with a fresh token
    // (impersonating: a new exchange, e.g. after api/impersonation-expired).
    if (response.status === 401) response = await send(true);
  } catch (error) {
    // A refused exchange is the API's answer, not a lost connection.
    if (error instanceof ApiError) throw noticeEnd(path, error);
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'The portal could not be reached. Check your connection and try again.');
  }

  if (!response.ok) throw noticeEnd(path, await toApiError(response));
  return response;
}

/** The API's error answer as an ApiError (its code and message). */
export async function toApiError(response: Response): Promise<ApiError> {
  const parsed = apiErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  const retryAfter = Number(response.headers.get('retry-after'));
  if (parsed.success)
    return new ApiError(
      response.status,
      parsed.data.error.code,
      parsed.data.error.message,
      retryAfter > 0 ? retryAfter : null,
    );
  return new ApiError(response.status, 'bad-response', `The portal answered with an error (${response.status}).`);
}
