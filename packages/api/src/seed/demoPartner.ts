// The partner demo (packages/parent-demo, "Northwind") registered for Acme Acquiring as an owner would
// register a partner: its server signs session tokens with the private half of this key (a demo key,
// in that package, worthless anywhere else). Seeded with the origins the portal may be framed from, and
// the node its sessions may be scoped to (README "Scoped books"): the demo agent's, which Northwind's
// agent user's tokens name.
import { createPublicKey } from 'node:crypto';
import type { RoleName } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';
import { DEMO_AGENT_NODE } from './demoAccounts.ts';

export const DEMO_PARTNER = {
  issuer: 'ptn_northwind_demo',
  name: 'Northwind Partner Portal (demo)',
  kid: 'northwind-demo-1',
  roles: ['query', 'revenue_optimizer'] as RoleName[],
  /** The nodes a session token's `node` may lie within. */
  nodes: [DEMO_AGENT_NODE],
  publicKeyPem: `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEX0GmdayuyHYcTezjHBJ0UBqG3RbJ
UM4TdH3r301vGOdMrFfyhKXFnQ+jpuW3QG49AZbx+xxV9mHvEOgcN3wE7A==
-----END PUBLIC KEY-----
`,
};

/**
 * Idempotent: the partner, its one key and its origins as this start has them; answers its id. Only beside
 * the identity emulator (the API refuses SEED_DEMO without it): its private key is in the repository.
 */
export async function seedDemoPartner(tx: Queryable, orgId: number, origins: readonly string[]): Promise<number> {
  const [partner] = await tx.query<{ id: number }>(
    `insert into partners (org_id, issuer, name, allowed_origins, roles, provision_users, nodes) values ($1, $2, $3, $4, $5, true, $6)
     on conflict (issuer) do update set org_id = excluded.org_id, name = excluded.name, allowed_origins = excluded.allowed_origins,
       roles = excluded.roles, provision_users = true, revoked_at = null, nodes = excluded.nodes
     returning id`,
    [
      orgId,
      DEMO_PARTNER.issuer,
      DEMO_PARTNER.name,
      JSON.stringify(origins),
      JSON.stringify(DEMO_PARTNER.roles),
      JSON.stringify(DEMO_PARTNER.nodes),
    ],
  );
  const jwk = createPublicKey(DEMO_PARTNER.publicKeyPem).export({ format: 'jwk' });
  await tx.query(
    `insert into partner_keys (partner_id, kid, alg, public_jwk) values ($1, $2, 'ES256', $3)
     on conflict (partner_id, kid) do update set public_jwk = excluded.public_jwk, retired_at = null`,
    [partner!.id, DEMO_PARTNER.kid, JSON.stringify(jwk)],
  );
  return partner!.id;
}
