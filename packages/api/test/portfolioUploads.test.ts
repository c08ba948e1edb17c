// A customer's own portfolio hierarchy through the uploads API (docs/UPLOADS.md U21–U23):
// the template loads as it is, a row that breaks the hierarchy is rejected with its reason, merchants
// name their agent, a scoped user's book follows the live version, and a new version, roll back or
// delete that would take away the node a user is scoped to, or a partner registration names, changes
// nothing and names that user or partner.
import { ANALYTICS_PATHS, valuesResponseSchema } from '@payportal/shared/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { API_PATHS, PARTNER_PATHS, type Partner } from '@payportal/shared/identity';
import {
  rejectsPageSchema,
  UPLOAD_PATHS,
  UPLOAD_REJECT_REASONS,
  uploadHeader,
  uploadTemplate,
} from '@payportal/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { partnerKey, partnerSessionToken } from './partnerTokens.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';
import { uploadFile, waitForUpload } from './uploadHelpers.ts';

const nodes = (...rows: string[]) => [uploadHeader('portfolio_nodes'), ...rows, ''].join('\n');
const ANALYST = 'analyst@acme.example';
const PARTNER_ORIGIN = 'https://partner.example';

describe.each(DATABASE_KINDS)('portfolio hierarchy uploads on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  let db: Database | null = null;
  let app: FastifyInstance;
  let as: AnalyticsTestApp['as'] = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-analyst', 'seed-upload-admin', 'seed-owner']);
    if (!stack) return;
    ({ db, app, as } = stack);
  });
  afterAll(() => stack?.close());

  /** The uploaded merchants (UPN-…) the analyst may pick, by the merchant search (scoped like every read). */
  const analystsMerchants = async () => {
    const response = await app.inject({
      url: ANALYTICS_PATHS.values('merchant', new URLSearchParams({ search: 'UPN-' })),
      headers: as['seed-analyst']!,
    });
    expect(response.statusCode, response.body).toBe(200);
    return valuesResponseSchema
      .parse(response.json())
      .values.map((value) => value.value)
      .sort();
  };

  it(
    '[U21][U22][U23] loads the template and a hierarchy with its rejects; a scoped user’s node cannot be versioned, rolled back or deleted away',
    { timeout: 120_000 },
    async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const admin = as['seed-upload-admin']!;
      const template = await uploadFile(
        app,
        admin,
        { kind: 'portfolio_nodes', filename: 'template.csv' },
        uploadTemplate('portfolio_nodes'),
      );
      expect(await waitForUpload(app, admin, template, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_loaded: 2,
      });

      const first = await uploadFile(
        app,
        admin,
        { kind: 'portfolio_nodes', filename: 'hierarchy.csv' },
        nodes(
          'UPN-SI,,sub_iso,Upland Sub-ISO',
          'UPN-AG,UPN-SI,agent,Upland Agent',
          'UPN-BAD,UPN-AG,agent,Under an agent',
        ),
      );
      expect(await waitForUpload(app, admin, first, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_loaded: 2,
        rows_rejected: 1,
      });
      const rejects = rejectsPageSchema.parse(
        (await app.inject({ url: UPLOAD_PATHS.rejects(first), headers: admin })).json(),
      );
      expect(rejects.rejects).toEqual([
        { line: 4, column: 'parent_code', value: 'UPN-AG', reason: UPLOAD_REJECT_REASONS.fourthLevel },
      ]);
      const merchants = await uploadFile(
        app,
        admin,
        { kind: 'merchants', filename: 'merchants.csv' },
        [
          uploadHeader('merchants'),
          'UPN-1,One LLC,One Cafe,5812,CA,2025-01-15,processing,UPN-AG',
          'UPN-2,Two LLC,Two Cafe,5812,CA,2025-01-15,processing,',
          '',
        ].join('\n'),
      );
      expect(await waitForUpload(app, admin, merchants, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_loaded: 2,
      });

      // The analyst is scoped to the uploaded agent (as the organisation screen's scope does): their book is UPN-1 only.
      await db.query('update users set scope_node = $1 where email = $2', ['UPN-AG', ANALYST]);
      expect(await analystsMerchants()).toEqual(['UPN-1']);

      // A version without the analyst's agent fails, naming them; nothing changes.
      const without = await uploadFile(
        app,
        admin,
        { kind: 'portfolio_nodes', mode: 'new_version', version_of: String(first) },
        nodes('UPN-SI,,sub_iso,Upland Sub-ISO'),
      );
      const failed = await waitForUpload(app, admin, without, ['done', 'failed']);
      expect(failed.status).toBe('failed');
      expect(failed.failure).toContain(`UPN-AG (${ANALYST})`);
      expect(await analystsMerchants()).toEqual(['UPN-1']);

      // A version that keeps it, under a new sub-ISO, loads; the book follows; a roll back restores the first.
      const moved = await uploadFile(
        app,
        admin,
        { kind: 'portfolio_nodes', mode: 'new_version', version_of: String(first) },
        nodes('UPN-SI2,,sub_iso,Second Sub-ISO', 'UPN-AG,UPN-SI2,agent,Upland Agent'),
      );
      // version 3: the failed one above took number 2
      expect(await waitForUpload(app, admin, moved, ['done', 'failed'])).toMatchObject({ status: 'done', version: 3 });
      await db.query('update users set scope_node = $1 where email = $2', ['UPN-SI2', ANALYST]);
      expect(await analystsMerchants()).toEqual(['UPN-1']);
      // Rolling back would take UPN-SI2 away from under the analyst: 409, naming them, nothing changed.
      const refused = await app.inject({ method: 'POST', url: UPLOAD_PATHS.rollback(moved), headers: admin });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({ code: API_ERROR_CODES.uploadsScopedNodeInUse });
      expect(refused.json().error.message).toContain(`UPN-SI2 (${ANALYST})`);
      expect(await analystsMerchants()).toEqual(['UPN-1']);
      await db.query('update users set scope_node = $1 where email = $2', ['UPN-AG', ANALYST]);
      const rolledBack = await app.inject({ method: 'POST', url: UPLOAD_PATHS.rollback(moved), headers: admin });
      expect(rolledBack.statusCode, rolledBack.body).toBe(200);
      expect(await analystsMerchants()).toEqual(['UPN-1']);

      // Deleting the hierarchy would remove the analyst's agent: 409 naming them, then allowed once unscoped.
      const deleted = await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(first), headers: admin });
      expect(deleted.statusCode, deleted.body).toBe(409);
      expect(deleted.json().error.message).toContain(`UPN-AG (${ANALYST})`);
      await db.query('update users set scope_node = null where email = $1', [ANALYST]);
      const allowed = await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(first), headers: admin });
      expect(allowed.statusCode, allowed.body).toBe(204);
      expect(await analystsMerchants()).toEqual(['UPN-1', 'UPN-2']);
    },
  );

  it(
    '[U23] keeps a node a partner registration names: a new version, roll back or delete without it changes nothing and names the partner until it is revoked',
    { timeout: 120_000 },
    async (context) => {
      if (!db) return context.skip(POSTGRES_MISSING);
      const admin = as['seed-upload-admin']!;
      const owner = as['seed-owner']!;
      const first = await uploadFile(
        app,
        admin,
        { kind: 'portfolio_nodes', filename: 'partner-hierarchy.csv' },
        nodes('UPP-SI,,sub_iso,Partner Sub-ISO', 'UPP-AG,UPP-SI,agent,Partner Agent'),
      );
      expect(await waitForUpload(app, admin, first, ['done', 'failed'])).toMatchObject({ status: 'done' });
      const [{ id: acmeId }] = (await db.query<{ id: number }>(
        "select id from organizations where name = 'Acme Acquiring'",
      )) as [{ id: number }];
      const key = await partnerKey('hierarchy-key');
      const registered = await app.inject({
        method: 'POST',
        url: PARTNER_PATHS.partners(acmeId),
        headers: owner,
        payload: {
          name: 'Upland portal',
          allowed_origins: [PARTNER_ORIGIN],
          roles: ['query'],
          provision_users: true,
          key: { kid: key.kid, pem: key.pem },
          nodes: ['UPP-AG'],
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const partner = registered.json() as Partner;
      const named = 'UPP-AG (partner “Upland portal”)';
      /** A session of the partner's agent in its registered node: what the refusals keep working. */
      const agentSession = async () =>
        (
          await app.inject({
            method: 'POST',
            url: API_PATHS.partnerSession,
            payload: {
              token: await partnerSessionToken(
                partner.issuer,
                key,
                'upland-rep@acme.example',
                'Uma Rep',
                PARTNER_ORIGIN,
                {
                  node: 'UPP-AG',
                },
              ),
              origin: PARTNER_ORIGIN,
            },
          })
        ).statusCode;

      // A version without the partner's agent fails, naming the partner; the agent's sessions still open.
      const without = await uploadFile(
        app,
        admin,
        { kind: 'portfolio_nodes', mode: 'new_version', version_of: String(first) },
        nodes('UPP-SI,,sub_iso,Partner Sub-ISO'),
      );
      const failed = await waitForUpload(app, admin, without, ['done', 'failed']);
      expect(failed.status).toBe('failed');
      expect(failed.failure).toContain(named);
      expect(await agentSession()).toBe(201);

      // A version that keeps it loads; rolling it back is allowed (the first version has it too).
      const kept = await uploadFile(
        app,
        admin,
        { kind: 'portfolio_nodes', mode: 'new_version', version_of: String(first) },
        nodes('UPP-SI2,,sub_iso,Second Partner Sub-ISO', 'UPP-AG,UPP-SI2,agent,Partner Agent'),
      );
      expect(await waitForUpload(app, admin, kept, ['done', 'failed'])).toMatchObject({ status: 'done' });
      const rolledBack = await app.inject({ method: 'POST', url: UPLOAD_PATHS.rollback(kept), headers: admin });
      expect(rolledBack.statusCode, rolledBack.body).toBe(200);

      // Deleting the hierarchy would remove the partner's node: 409 naming the partner, nothing changed.
      const deleted = await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(first), headers: admin });
      expect(deleted.statusCode, deleted.body).toBe(409);
      expect(deleted.json().error).toMatchObject({ code: API_ERROR_CODES.uploadsScopedNodeInUse });
      expect(deleted.json().error.message).toContain(named);
      expect(await agentSession()).toBe(201);

      // Once the partner is revoked it holds no node: the delete goes through.
      const revoked = await app.inject({
        method: 'POST',
        url: PARTNER_PATHS.revoke(acmeId, partner.id),
        headers: owner,
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      const allowed = await app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(first), headers: admin });
      expect(allowed.statusCode, allowed.body).toBe(204);
    },
  );
});
