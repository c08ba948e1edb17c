// The detector finds every planted case and flags few clean merchants: one SF 0.1
// dataset, the signals' 30-day window ending mid-way through its last month.
import { SIGNAL_IDS, SIGNALS } from '@payportal/shared/merchants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCachedEngine } from '../../test/datasetCache.ts';
import type { DuckDBEngine } from '../duckdb/duckdbEngine.ts';

const ORG = 1;

const scope = { orgId: ORG, today: '2026-10-15' };
let engine: DuckDBEngine;
let planted: { merchantId: number; signal: string }[];

beforeAll(async () => {
  const dataset = { orgId: ORG, scaleFactor: 0.1, endMonth: '2026-10-01' };
  engine = await openCachedEngine([dataset]);
  expect(await engine.ensureDataset(dataset)).toBe('reused');
  planted = await engine.withConnection(async (c) =>
    (await c.runAndReadAll(`select merchant_id, signal from planted_signals where org_id = ${ORG} order by signal`))
      .getRowsJS()
      .map(([merchantId, signal]) => ({ merchantId: Number(merchantId), signal: String(signal) })),
  );
});
afterAll(() => engine?.close());

describe('planted AML cases', () => {
  it('the generator plants one case of every signal, each in its own merchant', () => {
    expect(planted.map((p) => p.signal).sort()).toEqual([...SIGNAL_IDS].sort());
    expect(new Set(planted.map((p) => p.merchantId)).size).toBe(SIGNAL_IDS.length);
  });

  it('the detector raises every planted signal on its merchant, with evidence rows', async () => {
    for (const { merchantId, signal } of planted) {
      const signals = await engine.merchants({ kind: 'signals', merchantId }, scope);
      const found = signals.find((s) => s.signal === signal)!;
      expect(found.flagged, `${signal} on ${merchantId}: score ${found.score}`).toBe(true);
      expect(found.score).toBeGreaterThanOrEqual(SIGNALS[found.signal].threshold);
      expect(found.evidence.rows.length, `${signal} evidence`).toBeGreaterThan(0);
      expect(found.evidence.rows.every((row) => row.length === found.evidence.columns.length)).toBe(true);
    }
  });

  it('few clean merchants are flagged: at most 2 % of merchant × signal pairs beyond the planted merchants', async () => {
    const scores = await engine.merchants({ kind: 'scores' }, scope);
    const plantedIds = new Set(planted.map((p) => p.merchantId));
    for (const { merchantId, signal } of planted) {
      expect(
        scores.some((s) => s.merchantId === merchantId && s.signal === signal && s.flagged),
        `${signal} on ${merchantId} across all merchants`,
      ).toBe(true);
    }
    const clean = scores.filter((s) => !plantedIds.has(s.merchantId));
    const falseAlarms = clean.filter((s) => s.flagged);
    expect(clean.length).toBeGreaterThan(100);
    expect(falseAlarms.length, JSON.stringify(falseAlarms)).toBeLessThanOrEqual(Math.ceil(clean.length * 0.02));
  });

  it('a clean merchant’s signals carry no evidence and another organisation sees none of these merchants', async () => {
    const plantedIds = new Set(planted.map((p) => p.merchantId));
    const scores = await engine.merchants({ kind: 'scores' }, scope);
    const cleanId = scores.find(
      (s) => !plantedIds.has(s.merchantId) && !scores.some((o) => o.merchantId === s.merchantId && o.flagged),
    )!.merchantId;
    const signals = await engine.merchants({ kind: 'signals', merchantId: cleanId }, scope);
    expect(signals.filter((s) => s.flagged)).toEqual([]);
    expect(signals.every((s) => s.evidence.rows.length === 0)).toBe(true);
    expect(
      await engine.merchants({ kind: 'header', merchantId: planted[0]!.merchantId }, { ...scope, orgId: 2 }),
    ).toBeNull();
    expect(
      await engine.merchants({ kind: 'signals', merchantId: planted[0]!.merchantId }, { ...scope, orgId: 2 }),
    ).toSatisfy((found: { flagged: boolean }[]) => found.every((s) => !s.flagged));
  });
});
