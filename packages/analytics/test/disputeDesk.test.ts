// The dispute desk on both engines (issue #44): the queue's pages and one dispute, answered alike by
// DuckDB and a real ClickHouse 18.16 server from the one statement file, and the "Needs response" page
// equal to the hand-written statement of bench:disputes.
import { DISPUTE_TABS, type DisputeTab } from '@payportal/shared/disputes';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import { copyFromDuckDB } from '../src/clickhouse/copyFromDuckDB.ts';
import type { DisputeQueueQuestion } from '../src/disputes/disputeQuestion.ts';
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import { createTestDatabase, type TestDatabase } from './createTestDatabase.ts';
import { openCachedEngine } from './datasetCache.ts';
import { DUCKDB_RULES, needsResponsePage } from './disputeEventRules.ts';

const ORG = 1;
const dataset = { orgId: ORG, scaleFactor: 0.05, endMonth: '2026-10-01' };
const scope = { orgId: ORG, today: '2026-11-01' };
let duckdb: DuckDBEngine;
let clickhouse: ClickHouseEngine;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  duckdb = await openCachedEngine([dataset], { cacheEntries: 0 });
  expect(await duckdb.ensureDataset(dataset)).toBe('reused');
  await duckdb.withConnection((connection) => copyFromDuckDB(connection, database.client, { orgIds: [ORG] }));
  clickhouse = await ClickHouseEngine.connect({
    url: inject('clickhouseUrl'),
    database: database.name,
    cacheEntries: 0,
  });
});
afterAll(async () => {
  await clickhouse?.close();
  await duckdb?.close();
  await database?.drop();
});

const page = (tab: DisputeTab, extra: Partial<DisputeQueueQuestion> = {}): DisputeQueueQuestion => ({
  kind: 'queue',
  tab,
  sort: 'due_date',
  order: 'asc',
  limit: 50,
  after: null,
  answered: [],
  accepted: [],
  ...extra,
});

describe('the dispute queue', () => {
  it.each(Object.keys(DISPUTE_TABS) as DisputeTab[])('%s: both engines answer the same page', async (tab) => {
    for (const sort of ['due_date', 'received_date', 'amount'] as const) {
      const question = page(tab, { sort, order: sort === 'amount' ? 'desc' : 'asc' });
      const [duck, click] = await Promise.all([duckdb.disputes(question, scope), clickhouse.disputes(question, scope)]);
      expect(click, sort).toEqual(duck);
    }
  });

  it('"Needs response" is the hand-written page of bench:disputes, less the overdue ones', async () => {
    const answer = await duckdb.disputes(page('needs_response', { limit: 50 }), scope);
    const hand = await duckdb.withConnection(async (c) =>
      (await c.runAndReadAll(needsResponsePage(DUCKDB_RULES, ORG).replace('limit 50', ''))).getRowsJS(),
    );
    const notOverdue = hand
      .filter((row) => String(row[4]).slice(0, 10) >= answer.today)
      .map((row) => Number(row[0]))
      .slice(0, 51);
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(answer.rows.map((row) => row.chargeback_id)).toEqual(notOverdue);
    for (const row of answer.rows) expect(row.due_date! >= answer.today).toBe(true);
  });

  it('pages by cursor without gaps or repeats, and leaves out what the desk answered', async () => {
    const all = (await duckdb.disputes(page('decided', { limit: 50 }), scope)).rows.slice(0, 50);
    const first = await duckdb.disputes(page('decided', { limit: 20 }), scope);
    const last = first.rows[19]!;
    const second = await duckdb.disputes(
      page('decided', { limit: 30, after: { key: last.sortKey, chargebackId: last.chargeback_id } }),
      scope,
    );
    expect([...first.rows.slice(0, 20), ...second.rows.slice(0, 30)]).toEqual(all);
    const open = (await duckdb.disputes(page('needs_response'), scope)).rows;
    const answered = open.slice(0, 2).map((row) => row.chargeback_id);
    const after = (await duckdb.disputes(page('needs_response', { answered }), scope)).rows;
    expect(after.map((row) => row.chargeback_id)).not.toContain(answered[0]);
    const decided = await clickhouse.disputes(page('decided', { accepted: answered, limit: 50 }), scope);
    expect(decided.rows.length).toBeGreaterThan(0);
  });

  it('filters by network, reason, merchant and amount', async () => {
    const [first] = (await duckdb.disputes(page('decided'), scope)).rows;
    const question = page('decided', {
      network: first!.network,
      reason: first!.reason_code,
      merchantId: first!.merchant_id,
      minAmount: first!.amount,
      maxAmount: first!.amount,
    });
    const [duck, click] = await Promise.all([duckdb.disputes(question, scope), clickhouse.disputes(question, scope)]);
    expect(click).toEqual(duck);
    expect(duck.rows.map((row) => row.chargeback_id)).toContain(first!.chargeback_id);
    for (const row of duck.rows)
      expect([row.network, row.reason_code, row.merchant_id, row.amount]).toEqual([
        first!.network,
        first!.reason_code,
        first!.merchant_id,
        first!.amount,
      ]);
  });
});

describe('one dispute', () => {
  it('has its events, sale and merchant, alike on both engines; another organisation’s is not found', async () => {
    const [row] = (await duckdb.disputes(page('needs_response'), scope)).rows;
    const question = { kind: 'dispute', chargebackId: row!.chargeback_id } as const;
    const [duck, click] = await Promise.all([duckdb.disputes(question, scope), clickhouse.disputes(question, scope)]);
    expect(click).toEqual(duck);
    expect(duck!.record.events[0]).toMatchObject({ seq: 1, event: 'received', dueDate: row!.due_date });
    expect(duck!.record.merchant.id).toBe(row!.merchant_id);
    expect(duck!.record.merchant.name).not.toBe('');
    expect(await duckdb.disputes(question, { ...scope, orgId: 2 })).toBeNull();
  });
});
