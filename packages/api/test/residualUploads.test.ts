// The residuals' inputs uploaded through the API (docs/UPLOADS.md U24–U26): a split that
// would take its chain over 100 % is rejected with its reason; a Schedule A upload touching a closed
// month leaves the closed statement as it was and shows under "changed since closing"; a roll back
// of it empties that list again.
import { RESIDUAL_PATHS, residualChangesSchema, residualMerchantsSchema } from '@payportal/shared/residuals';
import { rejectsPageSchema, UPLOAD_PATHS, UPLOAD_REJECT_REASONS, uploadHeader } from '@payportal/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_NODE } from '../src/seed/demoAccounts.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { uploadFile, waitForUpload } from './uploadHelpers.ts';

const TODAY = '2026-10-20';
const MONTH = '2026-07';

describe('residuals input uploads through the API', () => {
  let stack: AnalyticsTestApp;
  const admin = () => stack.as['seed-upload-admin']!;
  const get = (url: string) => stack.app.inject({ url, headers: stack.as['seed-owner']! });
  const statement = async () => {
    const response = await get(RESIDUAL_PATHS.merchants(DEMO_AGENT_NODE, MONTH));
    expect(response.statusCode, response.body).toBe(200);
    return residualMerchantsSchema.parse(response.json());
  };
  const changes = async () => {
    const response = await get(RESIDUAL_PATHS.changes(MONTH));
    expect(response.statusCode, response.body).toBe(200);
    return residualChangesSchema.parse(response.json()).changes;
  };
  const send = async (kind: 'schedule_a' | 'residual_splits', rows: string[], extra: Record<string, string> = {}) => {
    const id = await uploadFile(stack.app, admin(), { kind, ...extra }, [uploadHeader(kind), ...rows, ''].join('\n'));
    return { id, upload: await waitForUpload(stack.app, admin(), id, ['done', 'failed', 'rejected']) };
  };

  beforeAll(async () => {
    stack = (await openAnalyticsTestApp('pglite', ['seed-owner', 'seed-upload-admin'], TODAY))!;
    await stack.db.query(
      "insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.firebase_uid = 'seed-owner' and r.name = 'residuals_admin' on conflict do nothing",
    );
  });
  afterAll(() => stack?.close());

  it(
    '[U25] rejects a split that would take its agent → sub-ISO chain over 100 %, with its reason',
    { timeout: 60_000 },
    async () => {
      const { id, upload } = await send('residual_splits', [
        `${DEMO_AGENT_NODE},,99,net,zero,2026-01-01,,`,
        'NO-SUCH-NODE,,10,net,zero,2026-01-01,,',
      ]);
      expect(upload).toMatchObject({ status: 'done', rows_loaded: 0, rows_rejected: 2 });
      const rejects = rejectsPageSchema.parse(
        (await stack.app.inject({ url: UPLOAD_PATHS.rejects(id), headers: admin() })).json(),
      );
      expect(rejects.rejects.map((row) => `${row.line} ${row.column}: ${row.reason}`)).toEqual([
        `2 share_pct: ${UPLOAD_REJECT_REASONS.chainOver100}`,
        `3 node_code: ${UPLOAD_REJECT_REASONS.unknownNode}`,
      ]);
    },
  );

  it(
    '[U26] a Schedule A upload touching a closed month leaves its statement and is listed as changed since closing; rolled back, nothing is',
    { timeout: 120_000 },
    async () => {
      const live = await statement();
      const closed = await stack.app.inject({
        method: 'POST',
        url: RESIDUAL_PATHS.runs(),
        headers: stack.as['seed-owner']!,
        payload: { month: MONTH },
      });
      expect(closed.statusCode, closed.body).toBe(201);
      expect(await changes()).toEqual([]);

      // the agent's own schedule from the month's first day: a per-merchant-month fee of $9.00
      const first = await send('schedule_a', [`${DEMO_AGENT_NODE},monthly_fee,per_merchant_month,9,${MONTH}-01`]);
      expect(first.upload).toMatchObject({ status: 'done', rows_loaded: 1 });
      expect({ ...(await statement()), closing: null }).toEqual({ ...live, closing: null });
      const changed = await changes();
      expect(changed.map((change) => change.mid).sort()).toEqual(live.lines.map((line) => line.mid).sort());
      expect(changed[0]!.fields.map((field) => field.field)).toContain('schedule_a');

      const version = await send('schedule_a', [`${DEMO_AGENT_NODE},monthly_fee,per_merchant_month,0,${MONTH}-01`], {
        mode: 'new_version',
        version_of: String(first.id),
      });
      expect(version.upload).toMatchObject({ status: 'done', version: 2 });
      const rolledBack = await stack.app.inject({
        method: 'POST',
        url: UPLOAD_PATHS.rollback(version.id),
        headers: admin(),
      });
      expect(rolledBack.statusCode, rolledBack.body).toBe(200);
      expect((await changes()).length).toBe(live.lines.length);
      const deleted = await stack.app.inject({
        method: 'DELETE',
        url: UPLOAD_PATHS.upload(first.id),
        headers: admin(),
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await changes()).toEqual([]);
    },
  );
});
