// The page's derived figures: changes, percentiles, quantiles and the peer benchmark.
import type { SectionAnswer } from '@payportal/shared/merchants';
import { describe, expect, it } from 'vitest';
import { changeOf, peerBenchmark, percentileOf, quantileOf } from './sectionFigures.ts';

const column = (name: string) => ({
  name,
  label: name,
  type: name === 'merchant' ? ('string' as const) : ('number' as const),
  format: null,
});
const result = (names: string[], rows: (string | number)[][]) => ({
  columns: names.map(column),
  rows,
  rowCount: rows.length,
  truncated: false,
  source: 'raw' as const,
  dataVersion: '1',
});

describe('derived figures', () => {
  it('changes, percentiles and quantiles', () => {
    expect(changeOf(110, 100)).toBeCloseTo(0.1);
    expect(changeOf(5, 0)).toBeNull();
    expect(percentileOf(3, [1, 2, 3, 4])).toBe(0.625);
    expect(percentileOf(0, [0, 0, 0, 0])).toBe(0.5);
    expect(quantileOf([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantileOf([], 0.5)).toBeNull();
  });

  it('ranks the merchant among its peers, growth from the two 90-day answers', () => {
    const names = ['merchant', 'approval_rate', 'chargeback_ratio', 'avg_ticket', 'net_effective_rate_bps', 'gsv'];
    const answer: SectionAnswer = {
      section: 'peers',
      queries: [
        {
          id: 'peersInRegion',
          result: result(names, [
            ['A', 0.9, 0.01, 20, 50, 1000],
            ['B', 0.95, 0.02, 30, 60, 2000],
            ['C', 0.8, 0.005, 40, 70, 3000],
          ]),
        },
        {
          id: 'peersInRegion.recent',
          result: result(
            ['merchant', 'gsv'],
            [
              ['A', 120],
              ['B', 100],
              ['C', 50],
            ],
          ),
        },
        {
          id: 'peersInRegion.prior',
          result: result(
            ['merchant', 'gsv'],
            [
              ['A', 100],
              ['B', 100],
              ['C', 100],
            ],
          ),
        },
      ],
    };
    const benchmark = peerBenchmark(answer, 'A');
    expect(benchmark).toMatchObject({ scope: 'region', peers: 3 });
    expect(benchmark.rows.find((row) => row.measure === 'approval_rate')).toEqual({
      measure: 'approval_rate',
      value: 0.9,
      median: 0.9,
      percentile: 0.5,
    });
    expect(benchmark.rows.find((row) => row.measure === 'growth')!.value).toBeCloseTo(0.2);
    expect(benchmark.rows.find((row) => row.measure === 'growth')!.percentile).toBeCloseTo(5 / 6);
  });
});
