// Short axis numbers: each tick of an axis keeps a label of its own.
import { describe, expect, it } from 'vitest';
import { axisFormat, tickFormat } from './axisFormat.ts';

describe('axis format', () => {
  it('labels every tick of a money axis that steps by 50K near $1.6M apart ($1.65M, not a second $1.7M)', () => {
    const ticks = [1_500_000, 1_550_000, 1_600_000, 1_650_000, 1_700_000, 1_750_000, 1_800_000];
    const labels = ticks.map(axisFormat('money'));
    expect(labels).toEqual(['$1.5M', '$1.55M', '$1.6M', '$1.65M', '$1.7M', '$1.75M', '$1.8M']);
  });

  it('keeps short labels for round figures, counts and negatives', () => {
    expect([0, 300_000, 1_200_000, 10_000_000].map(axisFormat('money'))).toEqual(['$0', '$300K', '$1.2M', '$10M']);
    expect(axisFormat('money')(-1_234_567)).toBe('−$1.23M');
    expect([244_811, 12_500, 900].map(axisFormat('count'))).toEqual(['245K', '12.5K', '900']);
    expect(axisFormat('bps')(42.5)).toBe('42.5 bps');
  });

  it('labels every tick of a rate axis that steps by 0.005 points apart (97.505 %, not a second 97.51 %)', () => {
    const ticks = [0.975, 0.97505, 0.9751, 0.97515, 0.9752, 0.97525, 0.9753];
    expect(ticks.map(tickFormat('percent'))).toEqual([
      '97.5%',
      '97.505%',
      '97.51%',
      '97.515%',
      '97.52%',
      '97.525%',
      '97.53%',
    ]);
    expect([0, 0.015, 0.022].map(tickFormat('percent'))).toEqual(['0%', '1.5%', '2.2%']);
    expect(tickFormat('money')(1_650_000)).toBe('$1.65M');
  });
});
