// The dispute events' rules (GENERATOR.md, "Dispute events") checked by hand-written SQL on the same
// small dataset in DuckDB and in a real ClickHouse 18.16 server: every rule holds on both engines
// and both count the same. The SF 1 decided mix is checked by bench:disputes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFromDuckDB } from '../src/clickhouse/copyFromDuckDB.ts';
import { queryRows } from '../src/clickhouse/runClickHouseQuery.ts';
import { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import { createTestDatabase, type TestDatabase } from './createTestDatabase.ts';
import { CLICKHOUSE_RULES, disputeEventRules, DUCKDB_RULES } from './disputeEventRules.ts';

const ORG = 3;
const LAST_DAY = '2026-10-27';
let duckdb: DuckDBEngine;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  duckdb = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 0 });
  await duckdb.ensureDataset({ orgId: ORG, scaleFactor: 0.05, lastDay: LAST_DAY });
  await duckdb.withConnection((connection) => copyFromDuckDB(connection, database.client, { orgIds: [ORG] }));
});
afterAll(async () => {
  await duckdb?.close();
  await database?.drop();
});

/** One rule's row of counts from each engine. */
async function counts(rule: string): Promise<{ duckdb: number[]; clickhouse: number[] }> {
  const duckSql = disputeEventRules(DUCKDB_RULES, ORG, LAST_DAY)[rule]!;
  const clickSql = disputeEventRules(CLICKHOUSE_RULES, ORG, LAST_DAY)[rule]!;
  const duckRow = await duckdb.withConnection(async (c) => (await c.runAndReadAll(duckSql)).getRows()[0]!);
  const clickRow = (await queryRows(database.client, clickSql))[0]!;
  return { duckdb: duckRow.map(Number), clickhouse: clickRow.map(Number) };
}

describe('dispute events, DuckDB and ClickHouse alike', () => {
  it('one received event per chargeback, first, on its received date', async () => {
    const { duckdb, clickhouse } = await counts('receivedOnce');
    expect(clickhouse).toEqual(duckdb);
    const [chargebacks, received, onDay] = duckdb;
    expect(chargebacks).toBeGreaterThan(100);
    expect([received, onDay]).toEqual([chargebacks, chargebacks]);
  });

  it.each([
    [
      'receivedDueDate',
      'a received event is due on its date + 30 (Visa), 45 (Mastercard), 20 (American Express), 30 (Discover) days',
    ],
    ['seqRises', 'seq runs 1 … n within a chargeback'],
    ['datesForward', 'an event is never dated before the one before it'],
    ['notAfterLastDay', 'nothing is dated after the last day'],
    ['noPreArbitration', 'Mastercard 4808, 4870 and 4871 have no pre-arbitration'],
    ['representedInTime', 'a representment is on or before its due date'],
    ['preArbitrationAnsweredInTime', 'a pre-arbitration is answered on or before its due date'],
  ])('%s: %s', async (rule) => {
    const { duckdb, clickhouse } = await counts(rule);
    expect(duckdb).toEqual([0]);
    expect(clickhouse).toEqual([0]);
  });

  it('the events end as the chargeback did; a few lost ones expired unanswered', async () => {
    const { duckdb, clickhouse } = await counts('outcomes');
    expect(clickhouse).toEqual(duckdb);
    const [violations, won, lost, accepted, expired] = duckdb as [number, number, number, number, number];
    expect(violations).toBe(0);
    expect(won + lost + accepted).toBeGreaterThan(50);
    expect(expired).toBeLessThan(lost);
    expect(expired / (won + lost + accepted)).toBeLessThan(0.05);
  });
});
