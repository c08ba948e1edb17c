// The DuckDB engine as the API uses it: cached answers follow the data version, a slow query holds
// only its own connection, a query past its time limit is stopped in the engine, exports stream
// every row past the row cap.
import type { DuckDBConnection } from '@duckdb/node-api';
import { queryDescriptionSchema, type QueryCell } from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsTimeoutError } from '../engine.ts';
import { DuckDBEngine } from './duckdbEngine.ts';
import { merchantsWithSales } from '../../test/merchantsWithSales.ts';

const scope = { orgId: 3, today: '2026-11-23' };
const endMonth = '2026-10-01';
const gsvByMerchant = queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['merchant'] });

describe('DuckDBEngine', () => {
  let engine: DuckDBEngine;
  beforeAll(async () => {
    engine = await DuckDBEngine.open({ path: ':memory:', connections: 2 });
    await engine.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.02, endMonth });
  });
  afterAll(() => engine?.close());

  it('reuses a dataset that is already there and replaces one of another size, with a new data version', async () => {
    const before = await engine.dataVersion(scope.orgId);
    expect(await engine.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.02, endMonth })).toBe('reused');
    expect(await engine.dataVersion(scope.orgId)).toBe(before);
    const small = await engine.query(gsvByMerchant, scope);
    expect(small.dataVersion).toBe(before);
    const smallMerchants = await merchantsWithSales(engine, scope.orgId);

    expect(await engine.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.04, endMonth })).toBe('generated');
    const after = await engine.dataVersion(scope.orgId);
    expect(Number(after)).toBeGreaterThan(Number(before));
    // the cached answer of the old data is not served: the larger portfolio's merchants now (40 against 25)
    const large = await engine.query(gsvByMerchant, scope);
    expect(large.dataVersion).toBe(after);
    const largeMerchants = await merchantsWithSales(engine, scope.orgId);
    expect(largeMerchants).toBeGreaterThan(smallMerchants);
    expect([small.rowCount, large.rowCount]).toEqual([smallMerchants, largeMerchants]);
    expect(await engine.dataVersion(99)).toBe('empty');
  });

  it('starts over when a generation was interrupted (no ledger row), leaving one dataset, not two', async () => {
    const count = () =>
      engine.withConnection(async (connection) =>
        Number(
          (
            await connection.runAndReadAll('select count(*) from transactions where org_id = $1', [scope.orgId])
          ).getRowsJS()[0]![0],
        ),
      );
    const before = await count();
    // what an interrupted generation leaves: rows, but no ledger row (the ledger row is written last)
    await engine.withConnection((connection) =>
      connection.run('delete from datasets where org_id = $1', [scope.orgId]),
    );
    expect(await engine.dataVersion(scope.orgId)).toBe('empty');
    // its rows are never served as a dataset: no answer rows, no values, nothing to export
    const total = await engine.query(
      queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['region'] }),
      scope,
    );
    expect(total).toMatchObject({ rows: [], rowCount: 0, dataVersion: 'empty' });
    expect(await engine.values({ dimension: 'merchant', limit: 10 }, scope)).toEqual([]);
    expect(await engine.stream(gsvByMerchant, scope, () => undefined)).toBe(0);
    expect(await engine.ensureDataset({ orgId: scope.orgId, scaleFactor: 0.04, endMonth })).toBe('generated');
    expect(await count()).toBe(before);
  });

  it('answers other queries while a slow one holds a connection', async () => {
    let slowConnection: DuckDBConnection | undefined;
    let slowSettled = false;
    const slow = engine
      .withConnection((connection) => {
        slowConnection = connection;
        return connection.run('select sum(hash(range)) from range(100000000000)');
      })
      .then(
        () => 'finished',
        (error: Error) => error.message,
      )
      .finally(() => (slowSettled = true));
    const fast = await engine.query(
      queryDescriptionSchema.parse({ measures: ['refunds'], dimensions: ['region'] }),
      scope,
      { rowCap: 100 },
    );
    expect(fast.rowCount).toBe(4);
    expect(slowSettled).toBe(false);
    const interrupting = setInterval(() => slowConnection!.interrupt(), 5);
    expect(await slow).toMatch(/INTERRUPT/i);
    clearInterval(interrupting);
  });

  it('stops a query past its time limit in the engine and frees the connection', async () => {
    const heavy = queryDescriptionSchema.parse({
      measures: ['gsv', 'approval_rate', 'decline_rate'],
      dimensions: ['merchant', 'card_brand', 'entry_mode', 'issuer_country'],
      timeDimension: { dimension: 'date', granularity: 'day' },
    });
    await expect(engine.query(heavy, scope, { timeoutMs: 1, rollup: 'never', rowCap: 10 })).rejects.toBeInstanceOf(
      AnalyticsTimeoutError,
    );
    // an export asked to stop in time stops the same way
    await expect(
      engine.stream(heavy, scope, () => undefined, { timeoutMs: 1, rollup: 'never' }),
    ).rejects.toBeInstanceOf(AnalyticsTimeoutError);
    const after = await engine.query(queryDescriptionSchema.parse({ measures: ['transactions'] }), scope, {
      rowCap: 1,
    });
    expect(after.rows[0]![0]).toBeGreaterThan(0);
  });

  it('streams every row of an export past the row cap, in the order and with the numbers of a query', async () => {
    const description = queryDescriptionSchema.parse({
      measures: ['gsv', 'transactions'],
      dimensions: ['merchant', 'card_brand', 'entry_mode'],
      timeDimension: { dimension: 'date', granularity: 'day' },
    });
    const streamed: QueryCell[][] = [];
    const count = await engine.stream(description, scope, (rows) => void streamed.push(...rows));
    expect(count).toBe(streamed.length);
    expect(count).toBeGreaterThan(10_000);
    const capped = await engine.query(description, scope, { rowCap: 500 });
    expect(capped.truncated).toBe(true);
    expect(streamed.slice(0, 500)).toEqual(capped.rows);
    // the count an export's estimate uses is the row count the stream hands over, and the cap applies
    expect(await engine.count(description, scope)).toBe(count);
    expect(await engine.count(description, scope, { rowCap: 500 })).toBe(501);
  });
});
