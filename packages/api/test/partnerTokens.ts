// A partner's side of a signed session, as its backend would do it with jose: a key pair (the public half
// as SPKI PEM for the owner to register) and a session token for one user.
import { PARTNER_SESSION_AUDIENCE } from '@payportal/shared/identity';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';

export interface PartnerTestKey {
  kid: string;
  privateKey: CryptoKey;
  pem: string;
}

export async function partnerKey(kid: string): Promise<PartnerTestKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid, privateKey, pem: await exportSPKI(publicKey) };
}

/** A token for `email` signed for the page at `origin`, valid for two minutes, with a fresh jti. */
export function partnerSessionToken(
  issuer: string,
  key: PartnerTestKey,
  email: string,
  name: string,
  origin: string,
  /** Further claims, such as `node`. */
  extra: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT({ email, name, origin, ...extra })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid })
    .setIssuer(issuer)
    .setAudience(PARTNER_SESSION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('2m')
    .setJti(randomUUID())
    .sign(key.privateKey);
}
