// Impersonation as the app does it: exchange the support user's ID token for an
// impersonation token, then send that as the bearer with Impersonate-User naming the same user.
import {
  API_PATHS,
  IMPERSONATE_HEADER,
  impersonationResponseSchema,
  type ImpersonationResponse,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { idTokenFor } from './emulatorTokens.ts';
import { bearer } from './testApp.ts';

/** POST /api/auth/v1/impersonation/ with `supportUid`'s ID token; throws unless a token is issued. */
export async function exchangeForImpersonation(
  app: FastifyInstance,
  supportUid: string,
  email: string,
): Promise<ImpersonationResponse> {
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.impersonation,
    headers: bearer(await idTokenFor(supportUid)),
    payload: { email },
  });
  if (response.statusCode !== 201)
    throw new Error(`no impersonation token for ${supportUid} as ${email}: ${response.statusCode} ${response.body}`);
  return impersonationResponseSchema.parse(response.json());
}

/** The headers of a request made as `email` with an impersonation token. */
export const impersonating = (token: string, email: string) => ({ ...bearer(token), [IMPERSONATE_HEADER]: email });

/** Exchanges and answers the headers to act as `email`. */
export async function impersonationHeaders(
  app: FastifyInstance,
  supportUid: string,
  email: string,
): Promise<Record<string, string>> {
  return impersonating((await exchangeForImpersonation(app, supportUid, email)).token, email);
}
