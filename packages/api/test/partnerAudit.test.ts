// The owner's partner audit (docs/access.md "Partner audit") and the framing flag: every registration, key
// change, revocation and provisioned user, newest first, by whom; support staff impersonating the owner
// may not revoke (SECURITY.md #14), and their refused attempt changes nothing; an origin outside the operator's PARTNER_ORIGINS is flagged in the answer.
import {
  API_PATHS,
  PARTNER_PATHS,
  partnerAuditPath,
  partnerAuditSchema,
  type PartnerView,
} from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { impersonationHeaders } from './impersonation.ts';
import { partnerKey, partnerSessionToken } from './partnerTokens.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const FRAMED = 'https://framed.example';
const NOT_FRAMED = 'https://elsewhere.example';

describe.each(DATABASE_KINDS)('partner audit on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  let acmeId: number;
  let owner: Record<string, string>;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    app = await createTestApp(db, { PARTNER_ORIGINS: FRAMED });
    [{ id: acmeId }] = (await db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
    owner = bearer(await idTokenFor('seed-owner'));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, headers = owner, payload?: object) => {
    const response = await app.inject({ method, url, headers, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const auditOf = async (partnerId: number) =>
    partnerAuditSchema
      .parse(await call('GET', partnerAuditPath(acmeId)))
      .filter((entry) => entry.partner_id === partnerId);

  it('flags a registered origin the framing allowlist does not hold, in the answer and the list', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const key = await partnerKey('flag-1');
    const registered: PartnerView = await call('POST', PARTNER_PATHS.partners(acmeId), owner, {
      name: `Flagged ${kind}`,
      allowed_origins: [FRAMED, NOT_FRAMED],
      roles: ['query'],
      provision_users: false,
      key: { kid: key.kid, pem: key.pem },
    });
    expect(registered.origins_outside_framing).toEqual([NOT_FRAMED]);
    const listed: PartnerView[] = await call('GET', PARTNER_PATHS.partners(acmeId));
    expect(listed.find((partner) => partner.id === registered.id)?.origins_outside_framing).toEqual([NOT_FRAMED]);
  });

  it('lists registration, keys added and retired, a provisioned user and the revocation, newest first, by whom', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const [first, second] = await Promise.all([partnerKey('audit-1'), partnerKey('audit-2')]);
    const partner: PartnerView = await call('POST', PARTNER_PATHS.partners(acmeId), owner, {
      name: `Audited ${kind}`,
      allowed_origins: [FRAMED],
      roles: ['query'],
      provision_users: true,
      key: { kid: first.kid, pem: first.pem },
    });
    expect(partner.origins_outside_framing).toEqual([]);
    await call('POST', PARTNER_PATHS.keys(acmeId, partner.id), owner, { kid: second.kid, pem: second.pem });
    const email = `audited-user.${kind}@partner-users.example`;
    const opened = await app.inject({
      method: 'POST',
      url: API_PATHS.partnerSession,
      payload: {
        token: await partnerSessionToken(partner.issuer, second, email, 'Aude Audited', FRAMED),
        origin: FRAMED,
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    await call('DELETE', PARTNER_PATHS.key(acmeId, partner.id, first.kid));
    // Support staff with write rights, acting as the owner, are refused; the owner then revokes.
    const impersonated = await app.inject({
      method: 'POST',
      url: PARTNER_PATHS.revoke(acmeId, partner.id),
      headers: await impersonationHeaders(app, 'seed-support-lead', 'owner@acme.example'),
    });
    expect(impersonated.statusCode, impersonated.body).toBe(403);
    expect(impersonated.json().error?.code).toBe('partner/owner-sign-in-required');
    await call('POST', PARTNER_PATHS.revoke(acmeId, partner.id));

    const audit = await auditOf(partner.id);
    expect(audit.map((entry) => [entry.action, entry.actor.email, entry.on_behalf_of])).toEqual([
      ['revoke', 'owner@acme.example', null],
      ['retire-key', 'owner@acme.example', null],
      ['provision-user', partner.issuer, null],
      ['add-key', 'owner@acme.example', null],
      ['register', 'owner@acme.example', null],
    ]);
    expect(audit.map((entry) => entry.keys)).toEqual([
      null,
      { before: ['audit-1', 'audit-2'], after: ['audit-2'] },
      null,
      { before: ['audit-1'], after: ['audit-1', 'audit-2'] },
      { before: [], after: ['audit-1'] },
    ]);
    expect(audit[2]).toMatchObject({ actor: { name: `Audited ${kind}` }, user: { email, name: 'Aude Audited' } });
  });

  it('is the owner’s only: a member without the owner role is refused', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await app.inject({
      method: 'GET',
      url: partnerAuditPath(acmeId),
      headers: bearer(await idTokenFor('seed-analyst')),
    });
    expect(response.statusCode).toBe(403);
  });
});
