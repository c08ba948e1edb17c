// A chart configuration and the query API's answer → the ECharts option: every value
// drawn is the answer's; a second dimension splits series; reference lines and the second axis appear.
import type { QueryResult } from '@payportal/shared/analytics';
import { chartConfigSchema } from '@payportal/shared/dashboards';
import { BarChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chartOption.ts';
import { chartSummary } from './chartSummary.ts';
import { queryAnswer } from '../testing/queryAnswer.ts';

echarts.use([BarChart, GridComponent, MarkLineComponent, SVGRenderer]);

const look = { palette: ['#123456', '#E69F00'], text: '#111', muted: '#666', border: '#ddd' };
const date = { name: 'date', label: 'Date', type: 'date', format: null } as const;
const brand = { name: 'card_brand', label: 'Card brand', type: 'string', format: null } as const;
const gsv = { name: 'gsv', label: 'Gross sales volume', type: 'number', format: 'money' } as const;
const rate = { name: 'approval_rate', label: 'Approval rate', type: 'number', format: 'percent' } as const;

describe('chart option', () => {
  it('splits a line into a series per value of the second dimension, named in words, and draws the VAMP lines', () => {
    const config = chartConfigSchema.parse({
      type: 'line',
      title: 'GSV',
      query: {
        measures: ['gsv'],
        dimensions: ['card_brand'],
        timeDimension: { dimension: 'date', granularity: 'month' },
      },
      display: { thresholds: [{ value: 0.015, label: '1.5 %' }] },
    });
    const option = chartOption(
      config,
      queryAnswer(
        [date, brand, gsv],
        [
          ['2026-09-01', 'visa', 10],
          ['2026-09-01', 'amex', 4],
          ['2026-10-01', 'visa', 12],
        ],
      ),
      look,
    ) as {
      series: { name: string; data: unknown[]; markLine?: { data: unknown[] } }[];
      xAxis: { data: string[]; axisLabel: { formatter: (v: string) => string } };
    };
    expect(option.xAxis.data).toEqual(['2026-09-01', '2026-10-01']);
    expect(option.xAxis.axisLabel.formatter('2026-09-01')).toBe('Sep 2026');
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Visa', [10, 12]],
      ['American Express', [4, null]],
    ]);
    expect(option.series[0]!.markLine!.data).toEqual([{ name: '1.5 %', yAxis: 0.015 }]);
  });

  it('draws a threshold at its exact value: 1.5 % and 2.2 % on a VAMP chart, not 1 % and 2 %', () => {
    const config = chartConfigSchema.parse({
      type: 'bar',
      title: 'VAMP',
      query: { measures: ['vamp_ratio'], dimensions: ['card_brand'] },
      display: {
        horizontal: true,
        thresholds: [
          { value: 0.015, label: '1.5 %' },
          { value: 0.022, label: '2.2 %' },
        ],
      },
    });
    const vamp = { name: 'vamp_ratio', label: 'VAMP ratio (Visa)', type: 'number', format: 'percent' } as const;
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 400, height: 300 });
    try {
      chart.setOption({ ...chartOption(config, queryAnswer([brand, vamp], [['visa', 0.04]]), look), animation: false });
      const svg = chart.renderToSVGString();
      // the reference lines are the chart's only dashed paths: a vertical segment each, at x
      const drawnAt = [...svg.matchAll(/<path d="M([\d.]+) [\d.]+L([\d.]+) [\d.]+"[^>]*stroke-dasharray/g)].map(
        (match) => Number(match[1]),
      );
      const expected = [0.015, 0.022].map((value) => chart.convertToPixel({ xAxisIndex: 0 }, value));
      expect(drawnAt).toHaveLength(2);
      // within a pixel (the renderer snaps a thin line to the half pixel); 1 % is 40 px away here
      drawnAt.forEach((x, index) => expect(Math.abs(x - expected[index]!)).toBeLessThan(1));
    } finally {
      chart.dispose();
    }
  });

  it('puts a combo’s line on the second axis', () => {
    const config = chartConfigSchema.parse({
      type: 'combo',
      title: 'GSV and approvals',
      query: { measures: ['gsv', 'approval_rate'], timeDimension: { dimension: 'date', granularity: 'month' } },
    });
    const option = chartOption(config, queryAnswer([date, gsv, rate], [['2026-09-01', 10, 0.9]]), look) as {
      series: { type: string; yAxisIndex: number }[];
      yAxis: unknown[];
    };
    expect(option.series.map((s) => [s.type, s.yAxisIndex])).toEqual([
      ['bar', 0],
      ['line', 1],
    ]);
    expect(option.yAxis).toHaveLength(2);
  });

  it('names the values of the fixed vocabularies in words, and any other value as it is', () => {
    const channel = { name: 'channel', label: 'Channel', type: 'string', format: null } as const;
    const mode = { name: 'entry_mode', label: 'Entry mode', type: 'string', format: null } as const;
    const config = chartConfigSchema.parse({
      type: 'bar',
      title: 'GSV by channel and entry mode',
      query: { measures: ['gsv'], dimensions: ['channel', 'entry_mode'] },
    });
    const option = chartOption(
      config,
      queryAnswer(
        [channel, mode, gsv],
        [
          ['cp', 'chip', 5],
          ['cnp', 'ecom', 7],
          ['cnp', 'new_mode', 1],
        ],
      ),
      look,
    ) as { series: { name: string }[]; xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['Card present', 'Card not present']);
    expect(option.series.map((s) => s.name)).toEqual(['Chip', 'E-commerce', 'new_mode']);
  });

  it('turns crowded category labels further the more categories share the axis, so they stay apart on a phone', () => {
    const group = { name: 'industry_group', label: 'Industry group', type: 'string', format: null } as const;
    const config = chartConfigSchema.parse({
      type: 'bar',
      title: 'GSV by group',
      query: { measures: ['gsv'], dimensions: ['industry_group'] },
    });
    const rotation = (count: number) =>
      (
        chartOption(
          config,
          queryAnswer(
            [group, gsv],
            Array.from({ length: count }, (_, index) => [`Group ${index}`, index]),
          ),
          look,
        ) as { xAxis: { axisLabel: { rotate?: number } } }
      ).xAxis.axisLabel.rotate;
    expect([rotation(5), rotation(8), rotation(13)]).toEqual([undefined, 30, 60]);
  });

  it('shows every name of a few columns and of a heatmap by region, each wrapped to its slot, none skipped', () => {
    const region = { name: 'region', label: 'Region', type: 'string', format: null } as const;
    const labelsOf = (type: 'bar' | 'heatmap', dimensions: string[], columns: QueryResult['columns']) =>
      (
        chartOption(
          chartConfigSchema.parse({ type, title: 'By region', query: { measures: ['approval_rate'], dimensions } }),
          queryAnswer(columns, [
            ['Northeast', 'visa', 0.9],
            ['South', 'amex', 0.8],
          ]),
          look,
        ) as { xAxis: { axisLabel: { interval?: number; overflow?: string } } }
      ).xAxis.axisLabel;
    for (const axisLabel of [
      labelsOf('bar', ['region', 'card_brand'], [region, brand, rate]),
      labelsOf('heatmap', ['region', 'card_brand'], [region, brand, rate]),
    ]) {
      expect(axisLabel).toMatchObject({ interval: 0, overflow: 'break' });
    }
  });

  it('summarises the chart in words for screen readers', () => {
    const config = chartConfigSchema.parse({
      type: 'bar',
      title: 'GSV by brand',
      query: { measures: ['gsv'], dimensions: ['card_brand'] },
    });
    expect(
      chartSummary(
        config,
        queryAnswer(
          [brand, gsv],
          [
            ['visa', 1000],
            ['amex', 50],
          ],
        ),
      ),
    ).toBe(
      'GSV by brand: Gross sales volume by card brand, 2 values; highest Visa at $1,000.00, lowest American Express at $50.00.',
    );
  });

  it('draws day of week × hour with every day and hour, the days as Mon … Sun, Monday on top', () => {
    const hour = { name: 'hour_of_day', label: 'Hour of day', type: 'string', format: null } as const;
    const day = { name: 'day_of_week', label: 'Day of week', type: 'string', format: null } as const;
    const count = { name: 'transactions', label: 'Transactions', type: 'number', format: 'count' } as const;
    const config = chartConfigSchema.parse({
      type: 'heatmap',
      title: 'When',
      query: { measures: ['transactions'], dimensions: ['hour_of_day', 'day_of_week'] },
    });
    const option = chartOption(
      config,
      queryAnswer(
        [hour, day, count],
        [
          ['09', '2', 40],
          ['23', '7', 5],
        ],
      ),
      look,
    ) as {
      xAxis: { data: string[] };
      yAxis: { data: string[]; inverse: boolean };
      series: { data: { value: number[]; itemStyle: { color: string }; label: { color: string } }[] }[];
      tooltip: { formatter: (p: { value: number[] }) => string };
    };
    expect(option.xAxis.data).toHaveLength(24);
    expect(option.xAxis.data.slice(0, 2)).toEqual(['00', '01']);
    expect(option.yAxis).toMatchObject({ data: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], inverse: true });
    expect(option.series[0]!.data.map((cell) => cell.value)).toEqual([
      [9, 1, 40],
      [23, 6, 5],
    ]);
    // Shaded from the theme's primary, the label white on a dark cell and dark on a pale one.
    expect(option.series[0]!.data.map((cell) => [cell.itemStyle.color, cell.label.color])).toEqual([
      ['rgba(18, 52, 86, 1.000)', '#fff'],
      ['rgba(18, 52, 86, 0.120)', '#111'],
    ]);
    expect(option.tooltip.formatter({ value: [9, 1, 40] })).toBe('Tue · 09: 40');
    const byDay = chartConfigSchema.parse({
      type: 'bar',
      title: 'By day',
      query: { measures: ['transactions'], dimensions: ['day_of_week'] },
    });
    expect(
      chartSummary(
        byDay,
        queryAnswer(
          [day, count],
          [
            ['1', 10],
            ['6', 30],
          ],
        ),
      ),
    ).toBe('By day: Transactions by day of week, 2 values; highest Sat at 30, lowest Mon at 10.');
  });
});
