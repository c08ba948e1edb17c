// The dispute queue's view exported through the CSV export jobs: the file holds the rows the
// queue API pages out for the same tab, filters and sort, in the same order (a dispute the desk accepted
// left out of "Needs response" in both); a view past the role's cap stops there and says so; a disputes
// user, who has no query role, follows and downloads their own run.
import {
  DISPUTE_PATHS,
  disputeQueuePageSchema,
  type DisputeQueueItem,
  type DisputeQueueView,
} from '@payportal/shared/disputes';
import { dimensionValueLabel } from '@payportal/shared/analytics';
import { exportJobSchema, type CsvOptionsInput } from '@payportal/shared/exports';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, openAnalyticsTestApp, waitForJob, type AnalyticsTestApp } from './exportHelpers.ts';

/** Small, so the whole "Decided" tab is past it. */
const ROW_CAP = 60;
const IDS = ['chargeback_id', 'network', 'stage', 'reason_code', 'merchant_id', 'amount', 'received_date', 'due_date'];
const LABELS = ['Chargeback ID', 'Network', 'Stage', 'Reason code', 'Merchant ID', 'Amount', 'Received', 'Due date'];

let stack: AnalyticsTestApp;
let analyst: Record<string, string>;
let desk: Record<string, string>;

beforeAll(async () => {
  stack = (await openAnalyticsTestApp('pglite', ['seed-analyst', 'seed-uploader'], undefined, {
    EXPORT_ROW_CAP_QUERY: String(ROW_CAP),
  }))!;
  // The seeded uploader (who neither queries nor owns) works the desk in this file's database.
  await stack.db.query(
    "insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.firebase_uid = 'seed-uploader' and r.name = 'disputes'",
  );
  analyst = stack.as['seed-analyst']!;
  desk = stack.as['seed-uploader']!;
}, 120_000);
afterAll(() => stack?.close());

/** Every row of the view, as the queue API pages them out. */
async function queueRows(view: DisputeQueueView): Promise<DisputeQueueItem[]> {
  const items: DisputeQueueItem[] = [];
  let cursor: string | undefined;
  do {
    const response = await stack.app.inject({
      url: DISPUTE_PATHS.queue({ ...view, ...(cursor && { cursor }) }),
      headers: analyst,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = disputeQueuePageSchema.parse(response.json());
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** The view's CSV through an export job run by `headers`: the finished job and the file's header and rows. */
async function exportView(view: DisputeQueueView, headers: Record<string, string>, header: 'ids' | 'labels') {
  const csv: CsvOptionsInput = { header, bom: false, gzip: false, neutraliseFormulas: true };
  const queued = await stack.app.inject({
    method: 'POST',
    url: DISPUTE_PATHS.queueExport(),
    headers,
    payload: { view, csv },
  });
  expect(queued.statusCode, queued.body).toBe(202);
  const job = exportJobSchema.parse(queued.json());
  expect(job).toMatchObject({ query: null, pnl: null, disputes: expect.objectContaining(view) });
  const ready = await waitForJob(stack.app, headers, job.id, ['ready', 'failed']);
  expect(ready.status, ready.failure_reason ?? '').toBe('ready');
  const { text } = await download(stack.app, headers, job.id);
  const [names, ...lines] = parse(text) as string[][];
  return { job: ready, names, lines };
}

/** A queue row as the file writes it: under a header of labels the network and reason in words (X19). */
const asLine = (item: DisputeQueueItem, words: boolean) => [
  String(item.chargeback_id),
  words ? dimensionValueLabel('network', item.network)! : item.network,
  item.stage,
  words ? dimensionValueLabel('reason_code', item.reason_code)! : item.reason_code,
  String(item.merchant_id),
  String(item.amount),
  item.received_date,
  item.due_date ?? '',
];

describe('dispute queue export', () => {
  it(
    'a view’s file holds the queue API’s rows for that tab, filters and sort, in its order',
    { timeout: 180_000 },
    async () => {
      const needing: DisputeQueueView = { tab: 'needs_response', network: 'visa', sort: 'amount', order: 'desc' };
      const [accepted] = await queueRows(needing);
      expect(accepted, 'an open Visa dispute').toBeDefined();
      const accept = await stack.app.inject({
        method: 'POST',
        url: DISPUTE_PATHS.action(accepted!.chargeback_id, 'accept'),
        headers: desk,
        payload: {},
      });
      expect(accept.statusCode, accept.body).toBe(200);

      const views: DisputeQueueView[] = [
        needing,
        { tab: 'decided', network: 'mastercard', minAmount: 50, sort: 'received_date', order: 'asc' },
      ];
      for (const view of views) {
        const rows = await queueRows(view);
        expect(rows.length, JSON.stringify(view)).toBeGreaterThan(1);
        expect(rows.length).toBeLessThanOrEqual(ROW_CAP);
        const { job, names, lines } = await exportView(view, analyst, 'ids');
        expect(names).toEqual(IDS);
        expect(job).toMatchObject({ rows_written: rows.length, capped: false });
        expect(lines).toEqual(rows.map((row) => asLine(row, false)));
      }
      const { lines } = await exportView(needing, analyst, 'ids');
      expect(lines.map(([id]) => Number(id))).not.toContain(accepted!.chargeback_id);
    },
  );

  it(
    'a view past the role’s cap stops there, marked capped; a disputes user follows and downloads it',
    { timeout: 180_000 },
    async () => {
      const view: DisputeQueueView = { tab: 'decided', sort: 'amount', order: 'asc' };
      const rows = await queueRows(view);
      expect(rows.length).toBeGreaterThan(ROW_CAP);
      const { job, names, lines } = await exportView(view, desk, 'labels');
      expect(job).toMatchObject({ rows_written: ROW_CAP, capped: true, name: 'Dispute queue, Decided' });
      expect(names).toEqual(LABELS);
      expect(lines).toEqual(rows.slice(0, ROW_CAP).map((row) => asLine(row, true)));
    },
  );
});
