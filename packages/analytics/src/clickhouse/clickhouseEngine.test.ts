// The ClickHouse engine as the API uses it (its answers are crossEngine.test.ts's): cached answers follow
// the data version the copy brings, and a query past its time limit is stopped on the server.
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/createTestDatabase.ts';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { AnalyticsTimeoutError } from '../engine.ts';
import { ClickHouseEngine } from './clickhouseEngine.ts';
import { copyFromDuckDB } from './copyFromDuckDB.ts';
import { queryRows } from './runClickHouseQuery.ts';
import { merchantsWithSales } from '../../test/merchantsWithSales.ts';

// An organisation id no other test file uses, so its statements can be told apart in system.processes.
const scope = { orgId: 4242, today: '2026-11-23' };
const endMonth = '2026-10-01';
const gsvByMerchant = queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['merchant'] });

describe('ClickHouseEngine', () => {
  let duckdb: DuckDBEngine;
  let database: TestDatabase;
  let engine: ClickHouseEngine;
  const copy = () =>
    duckdb.withConnection((connection) => copyFromDuckDB(connection, database.client, { orgIds: [scope.orgId] }));

  beforeAll(async () => {
    database = await createTestDatabase();
    duckdb = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 0 });
    await duckdb.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.02, endMonth });
    await copy();
    engine = await ClickHouseEngine.connect({ url: inject('clickhouseUrl'), database: database.name });
  });
  afterAll(async () => {
    await engine?.close();
    await duckdb?.close();
    await database?.drop();
  });

  it('answers with no rows, not an error, on a server nobody has loaded yet', async () => {
    const empty = await createTestDatabase();
    const fresh = await ClickHouseEngine.connect({ url: inject('clickhouseUrl'), database: empty.name });
    try {
      expect(await fresh.dataVersion(scope.orgId)).toBe('empty');
      expect(await fresh.query(gsvByMerchant, scope)).toMatchObject({ rows: [], rowCount: 0 });
      expect(await fresh.values({ dimension: 'merchant', limit: 5 }, scope)).toEqual([]);
      // the shared dimensions are there from the start, as in a new DuckDB file: an upload's merchant has an industry and a state
      const [industries, states] = (
        await queryRows(empty.client, 'select (select count() from industries), (select count() from states)')
      )[0]!;
      expect(Number(industries)).toBeGreaterThan(0);
      expect(Number(states)).toBeGreaterThan(0);
    } finally {
      await fresh.close();
      await empty.drop();
    }
  });

  it('serves cached answers only while the copied data version stays the same', async () => {
    const before = await engine.dataVersion(scope.orgId);
    expect(before).toBe(await duckdb.dataVersion(scope.orgId));
    const small = await engine.query(gsvByMerchant, scope);
    expect(small.dataVersion).toBe(before);
    expect(await engine.query(gsvByMerchant, scope)).toBe(small);
    const smallMerchants = await merchantsWithSales(duckdb, scope.orgId);

    await duckdb.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.04, endMonth });
    await copy();
    const after = await engine.dataVersion(scope.orgId);
    expect(Number(after)).toBeGreaterThan(Number(before));
    const large = await engine.query(gsvByMerchant, scope);
    expect(large.dataVersion).toBe(after);
    const largeMerchants = await merchantsWithSales(duckdb, scope.orgId);
    expect(largeMerchants).toBeGreaterThan(smallMerchants);
    expect([small.rowCount, large.rowCount]).toEqual([smallMerchants, largeMerchants]);
    expect(await engine.dataVersion(99)).toBe('empty');
  });

  it('stops a query past its time limit on the server, and answers the next one', async () => {
    const heavy = queryDescriptionSchema.parse({
      measures: ['gsv', 'approval_rate', 'decline_rate'],
      dimensions: ['merchant', 'card_brand', 'entry_mode', 'issuer_country'],
      timeDimension: { dimension: 'date', granularity: 'day' },
    });
    await expect(engine.query(heavy, scope, { timeoutMs: 1, rollup: 'never', rowCap: 10 })).rejects.toBeInstanceOf(
      AnalyticsTimeoutError,
    );
    const left = await queryRows(
      database.client,
      `select count() from system.processes where query like '%org_id = ${scope.orgId}%' and query not like '%system.processes%'`,
    );
    expect(left).toEqual([['0']]);
    const after = await engine.query(queryDescriptionSchema.parse({ measures: ['transactions'] }), scope, {
      rowCap: 1,
      timeoutMs: 10_000,
    });
    expect(after.rows[0]![0]).toBeGreaterThan(0);
  });

  it('answers values and versions on an engine with its own time limit', async () => {
    const limited = await ClickHouseEngine.connect({
      url: inject('clickhouseUrl'),
      database: database.name,
      timeoutMs: 5_000,
    });
    try {
      expect((await limited.values({ dimension: 'merchant', limit: 5 }, scope)).length).toBe(5);
      expect(await limited.dataVersion(scope.orgId)).toBe(await duckdb.dataVersion(scope.orgId));
    } finally {
      await limited.close();
    }
  });
});
