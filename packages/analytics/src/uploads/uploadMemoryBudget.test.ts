// The loads' memory budget is instance-wide, so loads that overlap must add up their budgets and leave
// the limit exactly as they found it once the last ends (a second load restoring the first one's lowered
// limit would starve every query after it).
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBudgets } from './uploadMemoryBudget.ts';

const MIB = 2 ** 20;

describe('MemoryBudgets', () => {
  let instance: DuckDBInstance;
  let connections: DuckDBConnection[];
  const limitMib = async () => {
    const text = String(
      (await connections[0]!.runAndReadAll("select current_setting('memory_limit')")).getRowsJS()[0]![0],
    );
    const [, value, unit] = /^([\d.]+) (\w+)$/.exec(text)!;
    return Number(value) * { KiB: 1 / 1024, MiB: 1, GiB: 1024, TiB: 1024 ** 2 }[unit as 'MiB']!;
  };

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:', { memory_limit: '2GiB' });
    connections = [await instance.connect(), await instance.connect()];
  });
  afterAll(() => instance.closeSync());

  it('[U17] adds overlapping loads’ budgets up and restores the limit when the last one ends, failed or not', async () => {
    const budgets = new MemoryBudgets();
    const seen: number[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = budgets.with(connections[0]!, 100 * MIB, async () => {
      seen.push(await limitMib());
      await firstHolds;
      seen.push(await limitMib());
    });
    await expect.poll(() => seen.length).toBe(1);
    const second = budgets.with(connections[1]!, 50 * MIB, async () => {
      seen.push(await limitMib());
      releaseFirst();
      await first;
      seen.push(await limitMib());
      throw new Error('the load failed');
    });
    await expect(second).rejects.toThrow('the load failed');
    const [alone, both, stillBoth, secondAlone] = seen as [number, number, number, number];
    expect(alone).toBeLessThan(200);
    expect(both).toBeCloseTo(alone + 50, 0);
    expect(stillBoth).toBeCloseTo(both, 0);
    expect(secondAlone).toBeCloseTo(alone - 100 + 50, 0);
    expect(await limitMib()).toBe(2048);
  });
});
