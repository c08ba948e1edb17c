// A customer's own portfolio hierarchy through the uploads API (issue #45, docs/UPLOADS.md U21–U23):
// the template loads as it is, a row that breaks the hierarchy is rejected with its reason, merchants
// name their agent, a scoped user's book follows the live version, and a new version, roll back or
// delete that would take away the node a user is scoped to changes nothing and names that user.
import { ANALYTICS_PATHS, valuesResponseSchema } from '@payportal/shared/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
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
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';
import { uploadFile, waitForUpload } from './uploadHelpers.ts';

const nodes = (...rows: string[]) => [uploadHeader('portfolio_nodes'), ...rows, ''].join('\n');
const ANALYST = 'analyst@acme.example';

describe.each(DATABASE_KINDS)('portfolio hierarchy uploads on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  let db: Database | null = null;
  let app: FastifyInstance;
  let as: AnalyticsTestApp['as'] = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-analyst', 'seed-upload-admin']);
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
});
