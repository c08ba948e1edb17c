// The dispute desk on both engines: the queue's pages and one dispute, answered alike by
// DuckDB and a real ClickHouse 18.16 server from the one statement file, and the "Needs response" page
// equal to the hand-written statement of bench:disputes; the catalogue's dispute members, compiled for
// both engines, equal to hand-written SQL.
import { queryDescriptionSchema, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { DISPUTE_TABS, type DisputeTab } from '@payportal/shared/disputes';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import { copyFromDuckDB } from '../src/clickhouse/copyFromDuckDB.ts';
import type { DisputeQueueQuestion } from '../src/disputes/disputeQuestion.ts';
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import { createTestDatabase, type TestDatabase } from './createTestDatabase.ts';
import { openCachedEngine } from './datasetCache.ts';
import { DUCKDB_RULES, needsResponsePage, winRatesByReason } from './disputeEventRules.ts';

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

/** The catalogue's dispute members by network, hand-written (DuckDB), "today" being the data's last day. */
const handByNetwork = (today: string) => `select network, count(*) as received,
    count(*) filter (where last_event not in ('accepted', 'expired', 'reversed', 'ruled_won', 'ruled_lost')) as open,
    count(*) filter (where last_event in ('received', 'pre_arbitration_received') and due between date '${today}' and date '${today}' + 3) as due_3d,
    count(*) filter (where last_event in ('received', 'pre_arbitration_received') and due < date '${today}') as overdue,
    count(*) filter (where represented)::double / count(*) as challenge,
    count(*) filter (where represented and outcome = 'won')::double / nullif(count(*) filter (where represented and outcome <> 'pending'), 0) as fought,
    (sum(amount) filter (where outcome = 'won'))::double / sum(amount) as recovery
  from chargebacks join (select chargeback_id, arg_max(event, seq) as last_event, arg_max(due_date, seq) as due,
      bool_or(event = 'represented') as represented from dispute_events where org_id = ${ORG} group by chargeback_id) using (chargeback_id)
  where org_id = ${ORG} group by network order by network`;

const MEMBERS = [
  'disputes_open',
  'disputes_due_3d',
  'disputes_overdue',
  'dispute_challenge_rate',
  'dispute_win_rate_fought',
  'dispute_recovery_rate',
] as const;

async function bothEngines(input: QueryDescriptionInput) {
  const description = queryDescriptionSchema.parse(input);
  const [duck, click] = await Promise.all([duckdb.query(description, scope), clickhouse.query(description, scope)]);
  expect(click.rows.length).toBe(duck.rows.length);
  click.rows.forEach((row, index) =>
    row.forEach((cell, column) => {
      const other = duck.rows[index]![column];
      if (typeof cell === 'number') expect(cell).toBeCloseTo(other as number, 9);
      else expect(cell).toEqual(other);
    }),
  );
  return duck;
}

describe('the catalogue’s dispute members', () => {
  it('by network, on both engines, equal hand-written SQL ("today" the data’s last day)', async () => {
    const answer = await bothEngines({
      measures: [...MEMBERS],
      dimensions: ['network'],
      order: [{ member: 'network', direction: 'asc' }],
    });
    const hand = await duckdb.withConnection(async (c) =>
      (await c.runAndReadAll(handByNetwork('2026-10-31'))).getRowsJS(),
    );
    expect(answer.rows.map((row) => row[0])).toEqual(hand.map((row) => row[0]));
    answer.rows.forEach((row, index) => {
      const [, , open, due3d, overdue, challenge, fought, recovery] = hand[index]!.map((cell) =>
        typeof cell === 'bigint' ? Number(cell) : cell,
      );
      expect(row.slice(1, 4)).toEqual([open, due3d, overdue]);
      expect(row[4]).toBeCloseTo(challenge as number, 9);
      expect(row[5]).toBeCloseTo(fought as number, 9);
      expect(row[6]).toBeCloseTo(recovery as number, 9);
    });
    expect(answer.rows.some((row) => (row[1] as number) > 0)).toBe(true);
  });

  it('the fought win rate and the dispute win rate by reason code equal bench:disputes’ hand-written ones; the fought one is never below', async () => {
    const from = '2025-10-01';
    const to = '2026-10-31';
    const answer = await bothEngines({
      measures: ['dispute_win_rate_fought', 'chargeback_win_rate'],
      dimensions: ['reason_code'],
      timeDimension: { dimension: 'date', dateRange: [from, to] },
      order: [{ member: 'reason_code', direction: 'asc' }],
    });
    const hand = await duckdb.withConnection(async (c) =>
      (await c.runAndReadAll(winRatesByReason(DUCKDB_RULES, ORG, from, to))).getRowsJS(),
    );
    expect(answer.rows.map((row) => row[0])).toEqual(hand.map((row) => row[0]));
    answer.rows.forEach((row, index) => {
      const [, decided, won, fought, foughtWon] = hand[index]!.map(Number);
      expect(row[1]).toBeCloseTo(fought ? foughtWon! / fought : (null as unknown as number), 9);
      expect(row[2]).toBeCloseTo(decided ? won! / decided : (null as unknown as number), 9);
      // every reason's fought win rate is at least its catalogue win rate
      if (fought) expect(Number(row[1]), `reason ${String(row[0])}`).toBeGreaterThanOrEqual(Number(row[2]));
    });
  });

  it('splits by stage, reason category and merchant attributes, and refuses a card dimension', async () => {
    await bothEngines({ measures: ['disputes_open', 'dispute_challenge_rate'], dimensions: ['dispute_stage'] });
    await bothEngines({ measures: ['dispute_recovery_rate'], dimensions: ['dispute_category', 'region'] });
    await expect(
      duckdb.query(queryDescriptionSchema.parse({ measures: ['disputes_open'], dimensions: ['card_tier'] }), scope),
    ).rejects.toThrow(/cannot be split/);
  });
});
