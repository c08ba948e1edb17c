// A partner's keys read from its JWKS URL (docs/access.md "Partner sessions", SECURITY.md #16): the URL is
// checked when the owner registers it (https only in production; elsewhere http only to a loopback host)
// and again before each fetch; jose's createRemoteJWKSet fetches it with a 3 s timeout, never follows a
// redirect, keeps the set 5 minutes and refetches on an unknown kid at most every 30 s; the answer is
// read up to 64 KB. The key that verifies a token is the one its kid names in that set.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  type CryptoKey,
  type FetchImplementation,
  type JWSHeaderParameters,
  type RemoteJWKSet,
} from 'jose';
import { ApiError } from '../errors/apiError.ts';
import { isLoopbackHost } from '../web/loopbackHost.ts';

export const JWKS_FETCH_TIMEOUT_MS = 3_000;
export const JWKS_MAX_BYTES = 64 * 1024;
export const JWKS_CACHE_MAX_AGE_MS = 5 * 60_000;
export const JWKS_REFETCH_FLOOR_MS = 30_000;
/** The algorithms a partner key may sign with, as for pasted keys (partnerKeys.ts). */
export const PARTNER_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'];

const badUrl = (problem: string) =>
  new ApiError(400, API_ERROR_CODES.badRequest, `The JWKS URL ${problem}.`, [{ field: 'key.jwks_url', problem }]);

/** The URL as the server may fetch it, or a 400 naming why not. */
export function checkJwksUrl(raw: string, production: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badUrl('is not a URL');
  }
  if (url.username || url.password) throw badUrl('must not carry a user name or password');
  if (url.protocol === 'https:') return url;
  if (production) throw badUrl('must use https');
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  throw badUrl('must use https (http only to localhost outside production)');
}

/** fetch, with the answer read up to JWKS_MAX_BYTES: a larger set is refused, not buffered. */
const limitedFetch: FetchImplementation = async (url, options) => {
  const response = await fetch(url, options);
  if (!response.body) return response;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > JWKS_MAX_BYTES) {
      await reader.cancel();
      throw new errors.JWKSInvalid(`The JWKS is larger than ${JWKS_MAX_BYTES / 1024} KB.`);
    }
    chunks.push(value);
  }
  return new Response(Buffer.concat(chunks), { status: response.status, headers: response.headers });
};

/** One resolver per partner and URL, so each keeps its own cache and cooldown. */
const resolvers = new Map<string, RemoteJWKSet>();

function resolverFor(partnerId: number, url: URL): RemoteJWKSet {
  const id = `${partnerId} ${url.href}`;
  let resolver = resolvers.get(id);
  if (!resolver) {
    resolver = createRemoteJWKSet(url, {
      timeoutDuration: JWKS_FETCH_TIMEOUT_MS,
      cooldownDuration: JWKS_REFETCH_FLOOR_MS,
      cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
      [customFetch]: limitedFetch,
    });
    resolvers.set(id, resolver);
  }
  return resolver;
}

const refuse = (message: string) => new ApiError(401, API_ERROR_CODES.partnerUnknownKey, message);

/** The key of the partner's published set that the token's header names (partner/unknown-key if none). */
export async function keyFromJwks(
  partner: { id: number; jwks_url: string },
  header: JWSHeaderParameters,
  production: boolean,
): Promise<CryptoKey> {
  const url = checkJwksUrl(partner.jwks_url, production);
  if (typeof header.kid !== 'string' || typeof header.alg !== 'string' || !PARTNER_ALGORITHMS.includes(header.alg))
    throw refuse("The partner session token needs a kid of the partner's JWKS and an alg of RS256, ES256 or EdDSA.");
  try {
    return await resolverFor(partner.id, url)(header);
  } catch (error) {
    if (error instanceof errors.JWKSNoMatchingKey)
      throw refuse(
        `The partner session token's kid "${header.kid}" names no key in the partner's JWKS at ${url.href}: publish the key there first.`,
      );
    const reason =
      error instanceof errors.JWKSTimeout
        ? `no answer within ${JWKS_FETCH_TIMEOUT_MS / 1000} s`
        : (error as Error).message;
    throw refuse(`The partner's JWKS at ${url.href} could not be read (${reason}).`);
  }
}
