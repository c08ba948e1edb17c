import { describe, expect, it } from 'vitest';
import { resultRow } from './recordResult.ts';

describe('a benchmark run as a RESULTS.md row', () => {
  const when = new Date('2026-11-27T07:04:59Z');

  it('names the time, the bench, the machine, the figures and each target met or missed', () => {
    const row = resultRow(
      {
        bench: 'api',
        figures: '14,495 req/s beside 47,580 bare',
        targets: { '≥ 30 % of bare': true, 'p99 < 25 ms': false },
      },
      when,
      '2 cores, load 0.2',
    );
    expect(row).toBe(
      '| 2026-11-27 07:04 | api | 2 cores, load 0.2 | 14,495 req/s beside 47,580 bare | ≥ 30 % of bare: met; p99 < 25 ms: missed |\n',
    );
  });

  it('keeps the table whole when a figure holds a pipe or a line break', () => {
    const row = resultRow({ bench: 'x', figures: 'a | b\n  c', targets: {} }, when, 'm');
    expect(row).toBe('| 2026-11-27 07:04 | x | m | a \\| b c | none |\n');
  });
});
