// Signed ID tokens without Google (this machine has no network): a local RSA key pair, and an HTTP
// agent that answers firebase-admin's certificate download with its public key. firebase-admin then
// checks signature, algorithm, kid, issuer, audience and expiry exactly as in production; only where
// the public keys come from differs. The agent is the seam createTokenVerifier documents.
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { PasswordDates } from '../src/auth/passwordDates.ts';
import type { IdentityStatus } from '../src/auth/verifyToken.ts';

export interface LocalSigningKeys {
  /**
   * For createTokenVerifier: the agent that serves the published key, and the identity service's
   * answer for every uid (enabled, never revoked), because Google's identity service cannot be reached
   * here, and every password as set just now. Revocation itself is tested against the emulator
   * (tokenRevocation.test.ts), the password age in signInRules.test.ts.
   */
  verifierOptions: {
    httpAgent: Agent;
    identityStatus: () => Promise<IdentityStatus>;
    passwordDates: () => Promise<PasswordDates>;
  };
  /** An RS256 token with Firebase's ID token claims for `uid`, signed with the published key. */
  sign(uid: string, email: string, claims?: Record<string, unknown>): string;
  /** The same claims signed with a key nobody published. */
  signWithUnknownKey(uid: string, email: string): string;
  close(): Promise<void>;
}

const KEY_ID = 'local-test-key';

export async function localSigningKeys(projectId: string): Promise<LocalSigningKeys> {
  const published = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unpublished = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificates = { [KEY_ID]: published.publicKey.export({ type: 'spki', format: 'pem' }) };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify(certificates));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  // https.request accepts an agent whose protocol is https:; this one connects to the local server.
  class LocalCertificateAgent extends Agent {
    override createConnection() {
      return connect(port, '127.0.0.1');
    }
  }
  const httpAgent = new LocalCertificateAgent();
  (httpAgent as unknown as { protocol: string }).protocol = 'https:';

  const claimsFor = (uid: string, email: string, extra: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now - 60,
      user_id: uid,
      sub: uid,
      iat: now - 60,
      exp: now + 3600,
      email,
      email_verified: true,
      // A complete standalone sign-in: password, then the SMS step (SECURITY.md #3).
      firebase: { identities: { email: [email] }, sign_in_provider: 'password', sign_in_second_factor: 'phone' },
      ...extra,
    };
  };
  return {
    verifierOptions: {
      httpAgent,
      identityStatus: async () => ({ disabled: false, validSince: null }),
      passwordDates: async () => ({ updatedAt: Date.now(), createdAt: null }),
    },
    sign: (uid, email, claims) => signJwt(claimsFor(uid, email, claims), published.privateKey),
    signWithUnknownKey: (uid, email) => signJwt(claimsFor(uid, email), unpublished.privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function signJwt(claims: object, key: KeyObject): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(key).toString('base64url')}`;
}
