// A two-shard cluster (CLICKHOUSE.md, "The cluster"): the servers know each other, an organisation's
// facts land on the shard that owns each merchant (whole merchants, both shards used), the reference and
// dimension tables are whole on every shard, and a shard that is down fails a question with an error
// naming it rather than answering from the other. Serial: it stops servers.
import { existsSync } from 'node:fs';
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import { copyFromDuckDB } from '../src/clickhouse/copyFromDuckDB.ts';
import { queryRows } from '../src/clickhouse/runClickHouseQuery.ts';
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import { AnalyticsShardUnavailableError } from '../src/engine.ts';
import { createTestCluster, type TestCluster } from './createTestCluster.ts';
import { openCachedEngine } from './datasetCache.ts';

const dataset = { orgId: 1, scaleFactor: 0.01, endMonth: '2026-10-01' };
const scope = { orgId: 1, today: '2026-10-20' };
const TOTALS = queryDescriptionSchema.parse({ measures: ['gsv', 'transactions', 'chargebacks'] });

let cluster: TestCluster;
let duckdb: DuckDBEngine;
let engine: ClickHouseEngine;

beforeAll(async () => {
  cluster = await createTestCluster(2);
  duckdb = await openCachedEngine([dataset], { cacheEntries: 0 });
  await duckdb.ensureDataset(dataset);
  await duckdb.withConnection((connection) => copyFromDuckDB(connection, cluster.shards, { orgIds: [1] }));
  engine = await cluster.connect({ cacheEntries: 0 });
});
afterAll(async () => {
  await duckdb?.close();
  await cluster?.stop();
});

const count = async (shard: number, sql: string) =>
  Number((await queryRows(cluster.shards.shards[shard]!.client, sql))[0]![0]);

describe('a two-shard cluster', () => {
  it('is two servers, each in its own folder, named in one remote_servers entry', async () => {
    const [first, second] = cluster.servers.shards;
    expect(first!.url).not.toBe(second!.url);
    expect(first!.dir).not.toBe(second!.dir);
    for (const shard of cluster.shards.shards)
      expect(
        await queryRows(shard.client, "select shard_num, port from system.clusters where cluster = 'payportal'"),
      ).toEqual(cluster.servers.shards.map((server, index) => [index + 1, Number(server.tcpAddress.split(':')[1])]));
  });

  it('puts each merchant’s facts whole on the shard its sharding key names, and uses both', async () => {
    for (const table of ['transactions', 'chargebacks', 'settlements', 'merchant_daily']) {
      const perShard = [
        await count(0, `select count() from ${table}_local`),
        await count(1, `select count() from ${table}_local`),
      ];
      // SF 0.01 has a handful of chargebacks: they may all lie on one shard
      if (table !== 'chargebacks')
        expect(
          perShard.every((rows) => rows > 0),
          table,
        ).toBe(true);
      expect(perShard[0]! + perShard[1]!, table).toBe(await count(0, `select count() from ${table}`));
      for (const [index] of perShard.entries())
        expect(
          await count(
            index,
            `select count() from ${table}_local where cityHash64(org_id, merchant_id) % 2 != ${index}`,
          ),
          `${table} on shard ${index + 1}`,
        ).toBe(0);
    }
    const total = await duckdb.query(TOTALS, scope, { rollup: 'never' });
    expect((await engine.query(TOTALS, scope, { rollup: 'never' })).rows).toEqual(total.rows);
    expect((await engine.query(TOTALS, scope, { rollup: 'always' })).rows).toEqual(total.rows);
  });

  it('keeps the dimensions whole on every shard', async () => {
    for (const table of ['merchant_dim', 'merchants', 'industries', 'datasets'])
      expect(await count(1, `select count() from ${table}`), table).toBe(
        await count(0, `select count() from ${table}`),
      );
    expect(await count(1, 'select count() from merchant_dim')).toBeGreaterThan(0);
  });

  // The daily top-up's write: a copy over the organisation's rows that keeps its ledger row meanwhile.
  it('shows a copy over the organisation (the daily top-up’s) whole or not at all while it swaps on both shards', async () => {
    const totals = async () =>
      Promise.all(
        (['never', 'always'] as const).map(async (rollup) =>
          JSON.stringify((await engine.query(TOTALS, scope, { rollup })).rows),
        ),
      );
    const before = await totals();
    await duckdb.withConnection((connection) =>
      connection.run('delete from transactions where org_id = 1 and merchant_id % 3 = 0'),
    );
    const seen = new Set<string>();
    let copying = true;
    const watching = (async () => {
      for (; copying; await new Promise((resolve) => setTimeout(resolve, 10)))
        for (const answer of await totals()) seen.add(answer);
    })();
    await duckdb
      .withConnection((connection) => copyFromDuckDB(connection, cluster.shards, { orgIds: [1], keepLedger: true }))
      .finally(() => (copying = false));
    await watching;
    const after = await totals();
    expect(after[0]).not.toEqual(before[0]);
    expect(seen.size).toBeGreaterThan(0);
    expect([...seen].filter((answer) => !before.includes(answer) && !after.includes(answer))).toEqual([]);
  });

  it('refuses a question when a shard is down, naming the shard (no partial answer)', async () => {
    await cluster.servers.shards[1]!.stop();
    const failure = await engine.query(TOTALS, scope, { rollup: 'never' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnalyticsShardUnavailableError);
    expect(failure).toMatchObject({ shard: 2, address: cluster.servers.shards[1]!.tcpAddress });
    expect((failure as Error).message).toBe(
      `Analytics shard 2 (${cluster.servers.shards[1]!.tcpAddress}) is not answering; no partial answer is given.`,
    );
    await cluster.servers.shards[0]!.stop();
    await expect(engine.query(TOTALS, scope)).rejects.toMatchObject({ shard: 1 });
  });

  it('removes the servers’ folders when stopped', async () => {
    await cluster.stop();
    for (const shard of cluster.servers.shards) expect(existsSync(shard.dir)).toBe(false);
  });
});
