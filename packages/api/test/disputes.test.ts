// The dispute desk's API ("Done when", the server's part) on PGlite and a small DuckDB
// dataset: due dates by network, the queue leaving out what the desk represented, the 409 refusals
// that change nothing, 403 for query users, 404 for another organisation's dispute or a malformed id,
// and the evidence's types and size.
import {
  DISPUTE_PATHS,
  disputeDetailSchema,
  disputeEvidenceSchema,
  disputeQueuePageSchema,
  EVIDENCE_MAX_BYTES,
  type DisputeDetail,
  type DisputeQueueQuery,
  type DisputeTab,
} from '@payportal/shared/disputes';
import { addDays } from '@payportal/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';

const FIRST_STAGE_DAYS = { visa: 30, mastercard: 45, amex: 20, discover: 30 } as const;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);

let stack: AnalyticsTestApp;
const as: Record<'analyst' | 'owner' | 'desk', Record<string, string>> = { analyst: {}, owner: {}, desk: {} };
let demoOrgId: number;
let deskId: number;
let deskName: string;
const OVERDUE_ID = 999_000_000_001;

/**
 * The small dataset has no open dispute past its due date, so one arrives the way the processor would
 * send it: a Visa chargeback received 40 days before the data's last day, unanswered (due after 30).
 */
async function plantOverdueDispute(orgId: number): Promise<void> {
  await stack.engine.withConnection(async (connection) => {
    const last = `(select coalesce(last_day, last_day(end_month)) from datasets where org_id = ${orgId})`;
    await connection.run(`insert into chargebacks select ${OVERDUE_ID}, org_id, tx_id, merchant_id, ${last} - 40, amount,
        'visa', '13.1', 'consumer', 'first', 'pending', card_brand, card_type, card_tier, entry_mode, card_present,
        issuer_country, is_cross_border, null, sale_date
      from chargebacks where org_id = ${orgId} and network = 'visa' limit 1`);
    await connection.run(`insert into dispute_events values
      (${orgId}, ${OVERDUE_ID}, (select merchant_id from chargebacks where chargeback_id = ${OVERDUE_ID}), 1,
        ${last} - 40, 'first', 'received', 'issuer', ${last} - 10, null)`);
  });
}

beforeAll(async () => {
  stack = (await openAnalyticsTestApp('pglite', ['seed-analyst', 'seed-owner', 'seed-uploader']))!;
  const [acme] = await stack.db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'");
  [{ id: demoOrgId }] = (await stack.db.query<{ id: number }>(
    "select id from organizations where name = 'Demo Payments'",
  )) as [{ id: number }];
  // This file's own database: the seeded uploader (who neither queries nor owns) works the desk here.
  await stack.db.query(
    "insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.firebase_uid = 'seed-uploader' and r.name = 'disputes'",
  );
  [{ id: deskId, name: deskName }] = (await stack.db.query<{ id: number; name: string }>(
    "select id, name from users where firebase_uid = 'seed-uploader'",
  )) as [{ id: number; name: string }];
  as.analyst = stack.as['seed-analyst']!;
  as.owner = stack.as['seed-owner']!;
  as.desk = stack.as['seed-uploader']!;
  await plantOverdueDispute(acme!.id);
});
afterAll(() => stack?.close());

const get = (url: string, headers: Record<string, string>) => stack.app.inject({ url, headers });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  stack.app.inject({ method: 'POST', url, headers, payload });
const upload = (chargebackId: number, type: string, body: Buffer, headers = as.desk) =>
  stack.app.inject({
    method: 'POST',
    url: `${DISPUTE_PATHS.evidence(chargebackId)}?name=receipt`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });

async function queue(query: Partial<DisputeQueueQuery> & { tab: DisputeTab }, headers = as.analyst) {
  const response = await get(DISPUTE_PATHS.queue(query), headers);
  expect(response.statusCode, response.body).toBe(200);
  return disputeQueuePageSchema.parse(response.json());
}

/** Every row of a tab, page by page. */
async function wholeTab(query: Partial<DisputeQueueQuery> & { tab: DisputeTab }) {
  const items = [];
  let cursor: string | undefined;
  do {
    const page = await queue({ ...query, ...(cursor && { cursor }) });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

async function detail(chargebackId: number, headers = as.desk): Promise<DisputeDetail> {
  const response = await get(DISPUTE_PATHS.dispute(chargebackId), headers);
  expect(response.statusCode, response.body).toBe(200);
  return disputeDetailSchema.parse(response.json());
}

async function storedPdf(chargebackId: number): Promise<number> {
  const response = await upload(chargebackId, 'application/pdf', PDF);
  expect(response.statusCode, response.body).toBe(201);
  return disputeEvidenceSchema.parse(response.json()).id;
}

describe('dispute desk API', () => {
  it.each(Object.entries(FIRST_STAGE_DAYS) as [keyof typeof FIRST_STAGE_DAYS, number][])(
    'a %s first-stage dispute received on day D is due on D+%i',
    async (network, days) => {
      const open = (await queue({ tab: 'needs_response', network })).items.filter((item) => item.stage === 'first');
      for (const item of open) expect(item.due_date, `${item.chargeback_id}`).toBe(addDays(item.received_date, days));
      const [sample] = open.length ? open : (await queue({ tab: 'decided', network })).items;
      expect(sample, `a ${network} dispute`).toBeDefined();
      const shown = await detail(sample!.chargeback_id);
      // the queue's page names the day its days left count from: the detail's, the data's last day
      expect((await queue({ tab: 'needs_response', network })).today).toBe(shown.today);
      const received = shown.timeline[0]!;
      expect(received).toMatchObject({ event: 'received', date: sample!.received_date });
      expect(received.due_date).toBe(addDays(sample!.received_date, days));
    },
  );

  it('representing removes a dispute from "Needs response"; a second one answers 409 and changes nothing', async () => {
    const [item] = (await queue({ tab: 'needs_response', sort: 'received_date', order: 'desc' })).items;
    const chargebackId = item!.chargeback_id;
    const before = await detail(chargebackId);
    expect(before).toMatchObject({ status: 'needs_response', due_date: item!.due_date, can_act: true });
    expect(before.cutoff_date).toBe(addDays(item!.due_date!, -7));
    expect(before.checklist.length).toBeGreaterThan(0);
    const evidenceId = await storedPdf(chargebackId);

    const represented = await post(DISPUTE_PATHS.action(chargebackId, 'represent'), as.desk, {
      evidenceIds: [evidenceId],
    });
    expect(represented.statusCode, represented.body).toBe(200);
    expect(disputeDetailSchema.parse(represented.json())).toMatchObject({ status: 'awaiting', due_date: null });
    const scope = { merchant: item!.merchant_id, network: item!.network };
    expect((await wholeTab({ tab: 'needs_response', ...scope })).map((row) => row.chargeback_id)).not.toContain(
      chargebackId,
    );

    const after = await detail(chargebackId);
    const again = await post(DISPUTE_PATHS.action(chargebackId, 'represent'), as.owner, { evidenceIds: [evidenceId] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('disputes/already-represented');
    expect(await detail(chargebackId)).toEqual(after);
  });

  it('a representment past the due date answers 409 disputes/past-due and changes nothing', async () => {
    const [item] = (await queue({ tab: 'overdue' })).items;
    expect(item).toMatchObject({ chargeback_id: OVERDUE_ID, network: 'visa', stage: 'first' });
    const evidenceId = await storedPdf(item!.chargeback_id);
    const before = await detail(item!.chargeback_id);
    const refused = await post(DISPUTE_PATHS.action(item!.chargeback_id, 'represent'), as.desk, {
      evidenceIds: [evidenceId],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('disputes/past-due');
    expect(await detail(item!.chargeback_id)).toEqual(before);
    expect((await wholeTab({ tab: 'overdue', merchant: item!.merchant_id })).map((row) => row.chargeback_id)).toContain(
      item!.chargeback_id,
    );
  });

  it('a decided dispute takes no action (409 disputes/closed); accepting decides one at once', async () => {
    const [decided] = (await queue({ tab: 'decided' })).items;
    const closed = await post(DISPUTE_PATHS.action(decided!.chargeback_id, 'notes'), as.desk, { body: 'late' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('disputes/closed');

    const [open] = (await queue({ tab: 'needs_response', sort: 'amount', order: 'desc' })).items;
    const accepted = await post(DISPUTE_PATHS.action(open!.chargeback_id, 'accept'), as.owner, { note: 'too weak' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(disputeDetailSchema.parse(accepted.json()).status).toBe('decided');
    const decidedNow = await wholeTab({ tab: 'decided', merchant: open!.merchant_id });
    expect(decidedNow.map((row) => row.chargeback_id)).toContain(open!.chargeback_id);
    const note = await post(DISPUTE_PATHS.action(open!.chargeback_id, 'notes'), as.desk, { body: 'after' });
    expect(note.json().error.code).toBe('disputes/closed');
    expect((await detail(open!.chargeback_id)).notes).toEqual([]);
  });

  it('notes and assignment are recorded with their author; the assignee must be of the organisation', async () => {
    const [item] = (await queue({ tab: 'needs_response', sort: 'amount' })).items;
    const noted = await post(DISPUTE_PATHS.action(item!.chargeback_id, 'notes'), as.desk, {
      body: 'Asked for receipt',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(disputeDetailSchema.parse(noted.json()).notes).toMatchObject([
      { body: 'Asked for receipt', author: { id: deskId, name: deskName } },
    ]);
    const assigned = await post(DISPUTE_PATHS.action(item!.chargeback_id, 'assign'), as.owner, {
      assigneeId: deskId,
    });
    expect(disputeDetailSchema.parse(assigned.json()).assignee).toEqual({ id: deskId, name: deskName });
    const [stranger] = await stack.db.query<{ id: number }>('select id from users where org_id = $1 limit 1', [
      demoOrgId,
    ]);
    const refused = await post(DISPUTE_PATHS.action(item!.chargeback_id, 'assign'), as.owner, {
      assigneeId: stranger!.id,
    });
    expect(refused.statusCode).toBe(400);
    const audit = await stack.db.query<{ action: string; user_id: number; signed_in_user_id: number }>(
      'select action, user_id, signed_in_user_id from dispute_actions where chargeback_id = $1 order by id',
      [item!.chargeback_id],
    );
    expect(audit.map((row) => row.action)).toEqual(['note', 'assign']);
    expect(audit[0]).toMatchObject({ user_id: deskId, signed_in_user_id: deskId });
  });

  it('a query user reads the queue and the dispute without its evidence, and any action answers 403', async () => {
    const [item] = (await queue({ tab: 'needs_response' })).items;
    const read = await detail(item!.chargeback_id, as.analyst);
    expect(read).toMatchObject({ evidence: null, can_act: false });
    for (const action of ['assign', 'accept', 'represent', 'notes'] as const) {
      const refused = await post(DISPUTE_PATHS.action(item!.chargeback_id, action), as.analyst, { body: 'x' });
      expect(refused.statusCode, action).toBe(403);
    }
    expect((await upload(item!.chargeback_id, 'application/pdf', PDF, as.analyst)).statusCode).toBe(403);
    expect(await detail(item!.chargeback_id, as.analyst)).toEqual(read);
  });

  it('another organisation’s dispute and a malformed id answer 404', async () => {
    const [demoChargeback] = (
      await stack.engine.disputes(
        {
          kind: 'queue',
          tab: 'decided',
          sort: 'due_date',
          order: 'asc',
          limit: 1,
          after: null,
          answered: [],
          accepted: [],
        },
        { orgId: demoOrgId, today: '2026-11-01' },
      )
    ).rows;
    expect(demoChargeback).toBeDefined();
    for (const id of [String(demoChargeback!.chargeback_id), 'abc', '-1', '1.5']) {
      const response = await get(`/api/disputes/v1/disputes/${id}`, as.desk);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('disputes/not-found');
      const acted = await post(`/api/disputes/v1/disputes/${id}/notes`, as.desk, { body: 'x' });
      expect(acted.statusCode, id).toBe(404);
    }
  });

  it('evidence is a PDF, PNG or JPEG of at most 10 MB, by type and by bytes; only those who act read it', async () => {
    const [item] = (await queue({ tab: 'needs_response', sort: 'amount', order: 'desc' })).items.slice(1);
    const id = item!.chargeback_id;
    const gif = await upload(id, 'image/gif', Buffer.from('GIF89a'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().error).toMatchObject({ code: 'disputes/evidence-type' });
    expect(gif.json().error.message).toContain('10 MB');
    expect((await upload(id, 'image/png', PDF)).json().error.code).toBe('disputes/evidence-type');
    const large = await upload(id, 'application/pdf', Buffer.concat([PDF, Buffer.alloc(EVIDENCE_MAX_BYTES)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toMatchObject({
      code: 'disputes/evidence-too-large',
      message: expect.stringContaining('10 MB'),
    });
    expect((await detail(id)).evidence).toEqual([]);

    const png = await upload(id, 'image/png', PNG);
    expect(png.statusCode, png.body).toBe(201);
    const stored = disputeEvidenceSchema.parse(png.json());
    expect((await detail(id)).evidence).toEqual([stored]);
    const file = await get(stored.url, as.desk);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await get(stored.url, as.analyst)).statusCode).toBe(403);
  });
});
