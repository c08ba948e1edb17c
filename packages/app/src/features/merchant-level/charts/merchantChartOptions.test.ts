// The merchant page's charts write their tooltips as its tables do: money and counts in full, and a
// heatmap cell by its day and hour.
import { describe, expect, it } from 'vitest';
import { heatmapOption, trendOption } from './merchantChartOptions.ts';
import { queryAnswer } from '../../../testing/queryAnswer.ts';

const colors = { primary: '#123456', text: '#111', muted: '#666', border: '#ddd', danger: '#c00' };
const transactions = { name: 'transactions', label: 'Transactions', type: 'number', format: 'count' } as const;

type Formatter = (value: unknown) => string;

describe('merchant chart options', () => {
  it('writes the trend tooltip in money and counts, not raw numbers', () => {
    const option = trendOption(
      queryAnswer(
        [
          { name: 'date', label: 'Date', type: 'date', format: null },
          { name: 'gsv', label: 'Gross sales volume', type: 'number', format: 'money' },
          transactions,
        ],
        [['2025-11-01', 1234567.891, 23456]],
      ),
    )(colors) as { series: { tooltip: { valueFormatter: Formatter } }[] };
    expect(
      option.series.map((series) => series.tooltip.valueFormatter(series === option.series[0] ? 1234567.891 : 23456)),
    ).toEqual(['$1,234,567.89', '23,456']);
  });

  it('names a heatmap cell by its day and hour, with the count in full', () => {
    const option = heatmapOption(
      queryAnswer(
        [
          { name: 'day_of_week', label: 'Day of week', type: 'string', format: null },
          { name: 'hour_of_day', label: 'Hour of day', type: 'string', format: null },
          transactions,
        ],
        [['2', '09', 12345]],
      ),
    )(colors) as { tooltip: { formatter: (p: { value: number[] }) => string } };
    expect(option.tooltip.formatter({ value: [9, 1, 12345] })).toBe('Tue 09:00 · 12,345 transactions');
  });
});
