// The portfolio's shape: a long tail and an enterprise head, every size tier populated and
// interchange-plus-plus pricing present at SF ≥ 1. Only the merchant step runs (it fixes each
// merchant's sales and annual volume before any sale is made), so SF 1 and SF 10 take a moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { createGeneratorLookups, dropGeneratorLookups } from './createGeneratorLookups.ts';
import { contextOf } from './generateDataset.ts';
import { generateMerchants, VOLUME } from './generateMerchants.ts';
import { generatePortfolio } from './generatePortfolio.ts';

const TIERS = ['<100k', '100k-1M', '1M-5M', '5M-20M', '20M+'];

describe.each([1, 10])('the merchants of SF %d', (scaleFactor) => {
  let engine: DuckDBEngine;
  let rows: {
    size_tier: string;
    plan_type: string;
    annual_volume: number;
    is_head: boolean;
    mcc: string;
    closed: boolean;
  }[];
  beforeAll(async () => {
    engine = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 0 });
    const ctx = contextOf({ orgId: 9, scaleFactor, lastDay: '2026-11-26' });
    rows = await engine.withConnection(async (connection) => {
      await createGeneratorLookups(connection, ctx.windowStart, ctx.windowEnd);
      try {
        // the merchants take their agents from the hierarchy drawn first, as generateDataset does
        await generatePortfolio(connection, ctx);
        await generateMerchants(connection, ctx);
        const reader = await connection.runAndReadAll(
          `select size_tier, plan_type, annual_volume, is_head, mcc, closed_on is not null or status <> 'processing' as closed from gen_merchants`,
        );
        return reader.getRowObjectsJS() as typeof rows;
      } finally {
        await dropGeneratorLookups(connection);
      }
    });
  });
  afterAll(() => engine?.close());

  it('populates every size tier and prices the merchants above $5 M interchange-plus-plus', () => {
    for (const tier of TIERS) expect(rows.filter((row) => row.size_tier === tier).length, tier).toBeGreaterThan(0);
    const icpp = rows.filter((row) => row.plan_type === 'ic_plus_plus');
    expect(icpp.length).toBeGreaterThanOrEqual(3);
    for (const row of icpp) expect(row.annual_volume).toBeGreaterThan(5_000_000);
  });

  it('has a head of the top 1 % (grocery, fuel, lodging, airlines, department stores, e-commerce) holding about half the volume, always open', () => {
    const head = rows.filter((row) => row.is_head);
    expect(head.length).toBe(Math.round(rows.length / 100));
    for (const row of head) {
      expect(VOLUME.head.mccs).toContain(row.mcc);
      expect(row.closed).toBe(false);
    }
    const total = rows.reduce((sum, row) => sum + row.annual_volume, 0);
    const headShare = head.reduce((sum, row) => sum + row.annual_volume, 0) / total;
    expect(headShare).toBeGreaterThan(0.35);
    expect(headShare).toBeLessThan(0.65);
  });

  it('has a long tail: the median merchant sells about $25 k a year', () => {
    const volumes = rows.map((row) => row.annual_volume).sort((a, b) => a - b);
    const median = volumes[Math.floor(volumes.length / 2)]!;
    expect(median).toBeGreaterThan(15_000);
    expect(median).toBeLessThan(40_000);
  });
});
