// The page's chart options, built from the query API's answers only.
import type { EChartsCoreOption } from 'echarts/core';
import { formatCell, type QueryResult } from '@payportal/shared/analytics';
import type { ChartColors } from './EChart.tsx';
import { axisFormat } from '../../../charts/axisFormat.ts';
import { periodName } from '../../../charts/chartOption.ts';
import { HOURS, heatmapShade, WEEKDAYS } from '../../../charts/timeParts.ts';

const columnOf = (result: QueryResult, name: string) => result.columns.findIndex((column) => column.name === name);
/** A tooltip's figure as the tables write it: "$1,234,567.89", "12,345". */
const tooltipFigure = (format: 'money' | 'count') => (value: unknown) =>
  typeof value === 'number' ? formatCell(value, { type: 'number', format }) : '—';
const axis = (colors: ChartColors) => ({
  axisLine: { lineStyle: { color: colors.border } },
  axisLabel: { color: colors.muted },
  splitLine: { lineStyle: { color: colors.border } },
});

/** GSV bars and transactions line by month. */
export function trendOption(result: QueryResult) {
  return (colors: ChartColors): EChartsCoreOption => {
    const [date, gsv, count] = [columnOf(result, 'date'), columnOf(result, 'gsv'), columnOf(result, 'transactions')];
    return {
      animation: false,
      grid: { left: 56, right: 48, top: 28, bottom: 28 },
      legend: { top: 0, textStyle: { color: colors.text } },
      tooltip: { trigger: 'axis' },
      // Months and amounts on the axes as the dashboards write them: "Nov 2025", "$1.2M".
      xAxis: {
        type: 'category',
        data: result.rows.map((row) => periodName(String(row[date]), 'month')),
        ...axis(colors),
      },
      yAxis: [
        {
          type: 'value',
          name: '',
          ...axis(colors),
          axisLabel: { color: colors.muted, formatter: axisFormat('money') },
        },
        {
          type: 'value',
          ...axis(colors),
          axisLabel: { color: colors.muted, formatter: axisFormat('count') },
          splitLine: { show: false },
        },
      ],
      series: [
        {
          name: 'Gross sales volume',
          type: 'bar',
          data: result.rows.map((row) => row[gsv]),
          tooltip: { valueFormatter: tooltipFigure('money') },
          itemStyle: { color: colors.primary },
        },
        {
          name: 'Transactions',
          type: 'line',
          yAxisIndex: 1,
          data: result.rows.map((row) => row[count]),
          tooltip: { valueFormatter: tooltipFigure('count') },
          itemStyle: { color: colors.text },
          lineStyle: { color: colors.text },
        },
      ],
    };
  };
}

/** Transactions by day of week × hour. */
export function heatmapOption(result: QueryResult) {
  return (colors: ChartColors): EChartsCoreOption => {
    const [weekday, hour, count] = [
      columnOf(result, 'day_of_week'),
      columnOf(result, 'hour_of_day'),
      columnOf(result, 'transactions'),
    ];
    const max = Math.max(1, ...result.rows.map((row) => Number(row[count])));
    const shade = heatmapShade(colors.primary);
    const cells = result.rows.map((row) => ({
      value: [Number(row[hour]), Number(row[weekday]) - 1, row[count]],
      itemStyle: shade(Number(row[count]) / max).itemStyle,
    }));
    return {
      animation: false,
      grid: { left: 44, right: 12, top: 8, bottom: 28 },
      tooltip: {
        formatter: (p: { value: number[] }) =>
          `${WEEKDAYS[p.value[1]!]} ${HOURS[p.value[0]!]}:00 · ${tooltipFigure('count')(p.value[2])} transactions`,
      },
      xAxis: { type: 'category', data: HOURS, ...axis(colors) },
      // Monday on top, as the dashboards' heatmap and a table read.
      yAxis: { type: 'category', data: WEEKDAYS, inverse: true, ...axis(colors) },
      series: [{ name: 'Transactions', type: 'heatmap', data: cells }],
    };
  };
}

/** The VAMP ratio as a bar against its 1.5 % (excessive) and 2.2 % lines. */
export function vampOption(ratio: number) {
  return (colors: ChartColors): EChartsCoreOption => ({
    animation: false,
    grid: { left: 12, right: 48, top: 24, bottom: 24 },
    xAxis: {
      type: 'value',
      max: Math.max(0.03, ratio * 1.2),
      axisLabel: { color: colors.muted, formatter: (value: number) => `${(value * 100).toFixed(1)} %` },
      splitLine: { show: false },
    },
    yAxis: { type: 'category', data: ['VAMP'], show: false },
    series: [
      {
        type: 'bar',
        data: [ratio],
        barWidth: 18,
        itemStyle: { color: ratio >= 0.015 ? colors.danger : colors.primary },
        markLine: {
          symbol: 'none',
          label: { color: colors.text, formatter: '{b}' },
          lineStyle: { color: colors.danger, type: 'dashed' },
          data: [
            { name: '1.5 %', xAxis: 0.015 },
            { name: '2.2 %', xAxis: 0.022 },
          ],
        },
      },
    ],
  });
}
