// A dispute's ruling uploaded the way the processor sends it (docs/UPLOADS.md U27): the
// dispute leaves "Needs response" for "Decided" in the queue API; once the upload is deleted it is back.
import { DISPUTE_PATHS, disputeQueuePageSchema, type DisputeTab } from '@payportal/shared/disputes';
import { UPLOAD_PATHS, uploadHeader } from '@payportal/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { uploadFile, waitForUpload } from './uploadHelpers.ts';

describe('dispute event uploads through the API', () => {
  let stack: AnalyticsTestApp;
  const admin = () => stack.as['seed-upload-admin']!;
  /** Every chargeback id of a tab, as the queue API pages them out, and the data's last day. */
  const tab = async (name: DisputeTab) => {
    const ids: number[] = [];
    let cursor: string | undefined;
    let today = '';
    do {
      const response = await stack.app.inject({
        url: DISPUTE_PATHS.queue({ tab: name, ...(cursor && { cursor }) }),
        headers: stack.as['seed-analyst']!,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = disputeQueuePageSchema.parse(response.json());
      ids.push(...page.items.map((item) => item.chargeback_id));
      today = page.today;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { ids, today };
  };

  beforeAll(async () => {
    stack = (await openAnalyticsTestApp('pglite', ['seed-analyst', 'seed-upload-admin']))!;
  }, 120_000);
  afterAll(() => stack?.close());

  it(
    '[U27] an uploaded ruling moves a dispute from “Needs response” to “Decided”; deleted, it is back',
    { timeout: 120_000 },
    async () => {
      const needing = await tab('needs_response');
      const [dispute] = needing.ids;
      expect(dispute).toBeDefined();
      expect((await tab('decided')).ids).not.toContain(dispute);

      const csv = [uploadHeader('dispute_events'), `${dispute},${needing.today},ruled_won`, ''].join('\n');
      const id = await uploadFile(stack.app, admin(), { kind: 'dispute_events' }, csv);
      expect(await waitForUpload(stack.app, admin(), id, ['done', 'failed', 'rejected'])).toMatchObject({
        status: 'done',
        rows_loaded: 1,
        rows_rejected: 0,
      });
      expect((await tab('needs_response')).ids).not.toContain(dispute);
      expect((await tab('decided')).ids).toContain(dispute);

      const deleted = await stack.app.inject({ method: 'DELETE', url: UPLOAD_PATHS.upload(id), headers: admin() });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await tab('needs_response')).ids).toContain(dispute);
      expect((await tab('decided')).ids).not.toContain(dispute);
    },
  );
});
