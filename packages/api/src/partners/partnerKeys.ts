// A partner's verification keys, as the owner gives them (a PEM with its kid, or a JWKS), turned into
// public JWKs with the one algorithm each may sign with. Private keys are refused: PayPortal never holds one.
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import type { PartnerKeyInput } from '@payportal/shared/identity';
import { ApiError } from '../errors/apiError.ts';
import { API_ERROR_CODES } from '@payportal/shared/errors';

export interface PartnerPublicKey {
  kid: string;
  alg: 'RS256' | 'ES256' | 'EdDSA';
  jwk: JsonWebKey;
}

const badKey = (problem: string) =>
  new ApiError(400, API_ERROR_CODES.badRequest, `The key ${problem}.`, [{ field: 'key', problem }]);

/** The algorithm a key's type allows: RSA (2048 bits or more) RS256, P-256 ES256, Ed25519 EdDSA. */
function algorithmOf(jwk: JsonWebKey): PartnerPublicKey['alg'] {
  if (jwk.kty === 'RSA') {
    if (Buffer.from(String(jwk.n), 'base64url').length < 256) throw badKey('must be an RSA key of at least 2048 bits');
    return 'RS256';
  }
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  throw badKey('must be RSA (RS256), EC P-256 (ES256) or Ed25519 (EdDSA)');
}

function publicJwk(source: () => ReturnType<typeof createPublicKey>): JsonWebKey {
  try {
    return source().export({ format: 'jwk' });
  } catch {
    throw badKey('could not be read: send a public key as PEM ("BEGIN PUBLIC KEY") or as a JWK');
  }
}

export function readPartnerKeys(input: PartnerKeyInput): PartnerPublicKey[] {
  if ('pem' in input) {
    if (/PRIVATE KEY/.test(input.pem))
      throw badKey('is a private key: send the public key only (the private key never leaves the partner)');
    const jwk = publicJwk(() => createPublicKey({ key: input.pem, format: 'pem' }));
    return [{ kid: input.kid, alg: algorithmOf(jwk), jwk }];
  }
  const keys = input.jwks.keys.map((raw) => {
    if ('d' in raw) throw badKey('set holds a private key: send the public keys only');
    const kid = typeof raw.kid === 'string' && /^[\w.:-]{1,200}$/.test(raw.kid) ? raw.kid : null;
    if (!kid) throw badKey('set has a key without a kid (letters, digits and . _ : - only)');
    const jwk = publicJwk(() => createPublicKey({ key: raw as JsonWebKey, format: 'jwk' }));
    return { kid, alg: algorithmOf(jwk), jwk };
  });
  if (new Set(keys.map((key) => key.kid)).size !== keys.length) throw badKey('set repeats a kid');
  return keys;
}
