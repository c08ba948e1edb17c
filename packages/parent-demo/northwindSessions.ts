// Northwind's own backend, the part a partner writes: its users sign in to Northwind (not to PayPortal),
// and for the signed-in user it signs a PayPortal session token with its private key (packages/api
// packages/api/docs/access.md "Partner sessions"). The key is a demo key whose public half the portal's seed registers.
import { createHmac, createPublicKey, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { importPKCS8, SignJWT } from 'jose';

/** What the portal's seed registered for this partner (packages/api/src/seed/demoPartner.ts). */
const ISSUER = 'ptn_northwind_demo';
const KID = 'northwind-demo-1';
const AUDIENCE = 'payportal';
/** Short: the frame exchanges it at once, and asks again for each renewal. */
const LIFETIME_S = 120;

/**
 * The agent whose book Northwind's agent user sees: the generator's first agent (the portal's seed
 * registers Northwind with this node, packages/api/src/seed/demoPartner.ts).
 */
const AGENT_NODE = 'AGT-0001';

/**
 * Northwind's user directory. The first two exist in the portal; the others are created on first use.
 * The agent user's tokens carry `node`: the portal scopes their sessions to that agent's book (README
 * "Scoped books" in packages/api), whatever the user's own scope in the portal.
 */
export const NORTHWIND_USERS = [
  { email: 'partner@acme.example', name: 'Paula Partner' },
  { email: 'optimizer@acme.example', name: 'Otto Optimizer' },
  { email: 'new.partner@acme.example', name: 'Nico Newpartner', roles: ['query'] },
  { email: 'agent.partner@acme.example', name: 'Ari Agentpartner', roles: ['query'], node: AGENT_NODE },
] as const;
const PASSWORD = 'Portal-demo-2026';
const COOKIE = 'nw_user';

/** Where Northwind publishes its public keys, for a registration by JWKS URL instead of a pasted PEM. */
export const NORTHWIND_JWKS_PATH = '/.well-known/jwks.json';

export function northwindSessions(keyFile: URL) {
  const privatePem = readFileSync(keyFile, 'utf8');
  const privateKey = importPKCS8(privatePem, 'ES256');
  // The public half only: PayPortal (or anyone) may read it; the private key never leaves this server.
  const jwks = JSON.stringify({
    keys: [{ ...createPublicKey(privatePem).export({ format: 'jwk' }), kid: KID, alg: 'ES256', use: 'sig' }],
  });
  // Sessions end when the server stops: a demo needs no more.
  const cookieSecret = randomBytes(32);
  const mac = (email: string) => createHmac('sha256', cookieSecret).update(email).digest('base64url');

  const signedInUser = (request: IncomingMessage) => {
    const value = /(?:^|;\s*)nw_user=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    const [encoded, signature] = value?.split('.') ?? [];
    if (!encoded || !signature) return null;
    const email = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(mac(email));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return NORTHWIND_USERS.find((user) => user.email === email) ?? null;
  };

  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    response.end(JSON.stringify(body));
  };

  const readBody = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
    let text = '';
    for await (const chunk of request) {
      text += chunk;
      if (text.length > 4096) break;
    }
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return {};
    }
  };

  /** Answers Northwind's own routes under /northwind/; false for any other path. */
  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    const path = request.url?.split('?')[0];
    if (request.method === 'GET' && path === NORTHWIND_JWKS_PATH) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
      response.end(jwks);
      return true;
    }
    if (!path?.startsWith('/northwind/')) return false;
    if (request.method === 'POST' && path === '/northwind/sign-in') {
      const body = await readBody(request);
      const user = NORTHWIND_USERS.find(
        (candidate) =>
          candidate.email ===
          String(body.email ?? '')
            .trim()
            .toLowerCase(),
      );
      if (!user || body.password !== PASSWORD)
        return (json(response, 401, { error: 'Unknown Northwind user or wrong password.' }), true);
      const cookie = `${COOKIE}=${Buffer.from(user.email).toString('base64url')}.${mac(user.email)}; Path=/; HttpOnly; SameSite=Strict`;
      return (json(response, 200, { email: user.email, name: user.name }, { 'set-cookie': cookie }), true);
    }
    if (request.method === 'POST' && path === '/northwind/sign-out') {
      return (
        json(response, 200, {}, { 'set-cookie': `${COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0` }),
        true
      );
    }
    const user = signedInUser(request);
    if (!user) return (json(response, 401, { error: 'Sign in to Northwind first.' }), true);
    if (request.method === 'GET' && path === '/northwind/me')
      return (json(response, 200, { email: user.email, name: user.name }), true);
    if (request.method === 'POST' && path === '/northwind/payportal-session') {
      // The partner's part of a signed session: who the user is, for at most LIFETIME_S, once (jti).
      // The page this token is for, as Northwind's own page called from it (SECURITY.md #15): the portal
      // refuses it unless the framed portal reports the same page, so a token taken elsewhere opens nothing.
      const origin = request.headers.origin ?? `http://${request.headers.host}`;
      const token = await new SignJWT({
        email: user.email,
        name: user.name,
        origin,
        ...('roles' in user && { roles: [...user.roles] }),
        ...('node' in user && { node: user.node }),
      })
        .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${LIFETIME_S}s`)
        .setJti(randomUUID())
        .sign(await privateKey);
      return (json(response, 200, { token }), true);
    }
    return (json(response, 404, { error: 'Not found.' }), true);
  };
}
