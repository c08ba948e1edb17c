// A chart configuration and the query API's answer → the ECharts option. Pure:
// tested without a canvas. Every number drawn is a cell of the answer; labels and tooltips use the
// catalogue's formats; the aria component describes the chart for screen readers.
import { dayText, formatCell, type QueryResult } from '@payportal/shared/analytics';
import type { ChartConfig } from '@payportal/shared/dashboards';
import { axisFormat, tickFormat } from './axisFormat.ts';
import type { ChartOption } from './echartsCore.ts';
import { HATCH, type PeriodsOf } from './periodMarks.ts';
import { resultSeries } from './resultSeries.ts';
import { dimensionText } from './dimensionText.ts';
import { heatmapShade, timePartAxis } from './timeParts.ts';

export interface ChartLook {
  palette: string[];
  text: string;
  muted: string;
  border: string;
}

const tooltipValue = (format: Parameters<typeof formatCell>[1]['format']) => (value: unknown) =>
  typeof value === 'number' ? formatCell(value, { type: 'number', format }) : String(value ?? '—');

/** Every category name shown, each wrapped to its slot's width (EChart.tsx sets it from the chart's). */
const NAMES_IN_SLOTS = { interval: 0, width: 80, overflow: 'break', hideOverlap: true } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Period labels: "Aug 2026" by month, "Q3 2026" by quarter, "2026" by year; days and weeks as dates. */
function dateLabelFor(granularity: string | undefined): ((value: string) => string) | null {
  const parts = (value: string) => value.split('-').map(Number) as [number, number, number];
  if (granularity === 'month') return (value) => `${MONTHS[parts(value)[1] - 1]} ${parts(value)[0]}`;
  if (granularity === 'quarter') return (value) => `Q${Math.ceil(parts(value)[1] / 3)} ${parts(value)[0]}`;
  if (granularity === 'year') return (value) => String(parts(value)[0]);
  return null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `periods`: whether each period of a time axis is whole (periodMarks.ts). Periods that are not (cut by
 * the range, still running, not yet mature) are drawn hatched (bars) or dashed (lines, areas), and the
 * tooltip says why.
 */
/** A period by its first day, in words: "Oct 2026", "Q4 2026", "week of 23 Nov 2026", "27 Nov 2026". */
export function periodName(label: string, granularity: string | undefined): string {
  return dateLabelFor(granularity)?.(label) ?? (granularity === 'week' ? `week of ${dayText(label)}` : dayText(label));
}

export function chartOption(
  config: ChartConfig,
  result: QueryResult,
  look: ChartLook,
  periods: PeriodsOf | null = null,
): ChartOption {
  const { category, categories, series } = resultSeries(result);
  const base = {
    color: look.palette,
    animation: false,
    textStyle: { color: look.text, fontFamily: 'inherit' },
    tooltip: { trigger: config.type === 'pie' || config.type === 'heatmap' ? 'item' : 'axis', confine: true },
    legend: series.length > 1 || config.type === 'pie' ? { bottom: 0, textStyle: { color: look.text } } : undefined,
  };
  const legendRoom = base.legend ? 36 : 12;

  if (config.type === 'pie') {
    const values = series[0]?.values ?? [];
    return {
      ...base,
      tooltip: { trigger: 'item', valueFormatter: tooltipValue(series[0]?.column.format ?? null) },
      series: [
        {
          type: 'pie',
          radius: config.display.donut ? ['45%', '72%'] : [0, '72%'],
          center: ['50%', '45%'],
          // Percentages on the slices; the names are in the legend (outside labels get cut in a narrow card).
          label: { position: 'inside', formatter: '{d}%', color: '#fff', fontSize: 11, textBorderWidth: 0 },
          labelLayout: { hideOverlap: true },
          data: categories.map((name, index) => ({ name, value: values[index] })),
        },
      ],
    };
  }

  if (config.type === 'heatmap') {
    const [x, y, measure] = [
      result.columns.findIndex((c) => c.format === null),
      result.columns.findLastIndex((c) => c.format === null),
      result.columns.findIndex((c) => c.format !== null),
    ];
    // Day of week and hour of day: every day and hour in order, days labelled Mon … Sun.
    const [xPart, yPart] = [timePartAxis(result.columns[x]?.name), timePartAxis(result.columns[y]?.name)];
    const xs = xPart?.values ?? [...new Set(result.rows.map((row) => String(row[x])))];
    const ys = yPart?.values ?? [...new Set(result.rows.map((row) => String(row[y])))];
    // Other dimensions in words ("American Express"), as the legends and tables read them.
    const wordsFor = (index: number) => (value: string) => dimensionText(result.columns[index]?.name, value) ?? value;
    const [xLabel, yLabel] = [xPart?.label ?? wordsFor(x), yPart?.label ?? wordsFor(y)];
    const numbers = result.rows
      .map((row) => row[measure])
      .filter((value): value is number => typeof value === 'number');
    const [low, high] = [Math.min(...numbers), Math.max(...numbers)];
    const shade = heatmapShade(look.palette[0]);
    const cells = result.rows.map((row) => {
      const value = row[measure] as number;
      const { itemStyle, dark } = shade(high > low ? (value - low) / (high - low) : 1);
      return {
        value: [xs.indexOf(String(row[x])), ys.indexOf(String(row[y])), value],
        itemStyle,
        label: { color: dark ? '#fff' : look.text },
      };
    });
    const format = result.columns[measure]?.format ?? null;
    return {
      ...base,
      tooltip: {
        trigger: 'item',
        formatter: (p: { value: number[] }) =>
          `${yLabel(ys[p.value[1]!]!)} · ${xLabel(xs[p.value[0]!]!)}: ${tooltipValue(format)(p.value[2])}`,
      },
      grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: xs.map(xLabel),
        axisLabel: { color: look.muted, ...(!xPart && NAMES_IN_SLOTS) },
      },
      // The first row on top, as a table reads (Monday first).
      yAxis: { type: 'category', data: ys.map(yLabel), inverse: true, axisLabel: { color: look.muted } },
      series: [
        {
          type: 'heatmap',
          data: cells,
          label: {
            show: xs.length * ys.length <= 40,
            formatter: (p: { value: number[] }) => axisFormat(format)(p.value[2]!),
            fontSize: 10,
            color: look.text,
          },
        },
      ],
    };
  }

  const horizontal = config.type === 'bar' && config.display.horizontal;
  const formats = [...new Set(series.map((s) => s.column.format))];
  const dateLabel = category?.type === 'date' ? dateLabelFor(config.query.timeDimension?.granularity) : null;
  const crowded = !horizontal && categories.length > 6 && category?.type !== 'date';
  // Rotated labels stay apart while a slot times the sine of their angle exceeds their line height: at
  // 30° that needs 24 px slots, which more than ten categories on a phone-wide card (about 290 px) lack.
  const rotate = categories.length > 10 ? 60 : 30;
  const categoryAxis = {
    type: 'category',
    data: categories,
    axisLabel: {
      color: look.muted,
      hideOverlap: true,
      ...(dateLabel && { formatter: dateLabel }),
      ...(crowded && { interval: 0, rotate, width: 110, overflow: 'truncate' }),
      // A few names under columns each show, wrapped to their slot (EChart.tsx fits the width), instead
      // of ECharts skipping every other one when they crowd a phone-wide card.
      ...(!crowded && !horizontal && category?.type !== 'date' && NAMES_IN_SLOTS),
      // A horizontal bar's names are cut to a share of the chart's width (EChart.tsx fits it), so long
      // ones ("57 Transaction not permitted to cardholder") leave the bars room on a phone.
      ...(horizontal && { width: 160, overflow: 'truncate' }),
    },
    axisLine: { lineStyle: { color: look.border } },
  };
  // A line is read for its shape: its axis hugs the values; bars and areas are read from zero.
  const lineOnly = config.type === 'line';
  const valueAxis = (format: (typeof formats)[number], extra: object = {}) => ({
    type: 'value',
    scale: lineOnly,
    axisLabel: { color: look.muted, formatter: tickFormat(format), hideOverlap: true },
    splitLine: { lineStyle: { color: look.border } },
    ...extra,
  });
  const thresholds = config.display.thresholds.length
    ? {
        markLine: {
          silent: true,
          symbol: 'none',
          // ECharts rounds a line's value to `precision` decimals before placing it (default 2, which drew
          // 1.5 % at 1 % and 2.2 % at 2 %): keep every digit.
          precision: 20,
          lineStyle: { type: 'dashed', color: '#D55E00' },
          // Across a horizontal bar chart the line runs down its inverted category axis: its start is the
          // top, so the label sits above the bars instead of on the value axis's ticks at the bottom.
          label: { formatter: '{b}', color: look.text, position: horizontal ? 'start' : 'insideEndTop' },
          data: config.display.thresholds.map((line) => ({
            name: line.label,
            [horizontal ? 'xAxis' : 'yAxis']: line.value,
          })),
        },
      }
    : {};
  const combo = config.type === 'combo';
  const marks =
    periods && category?.type === 'date'
      ? series.map((s) => categories.map((label) => periods(label, s.column.name)))
      : null;
  const partialAt = (index: number, at: number) => (marks?.[index]?.[at]?.shortfalls.length ?? 0) > 0;
  const marked = series.map((_, index) => categories.some((_, at) => partialAt(index, at)));
  const anyMarked = marked.some(Boolean);
  const asLineAt = (index: number) => config.type === 'line' || config.type === 'area' || (combo && index === 1);
  // Marked, a series keeps its colour on its dashed twin (added after every series, so colours by index hold).
  const colourAt = (index: number) => look.palette[index % look.palette.length]!;
  const drawn: Record<string, unknown>[] = series.map((s, index) => {
    const asLine = asLineAt(index);
    return {
      name: s.name,
      type: asLine ? 'line' : 'bar',
      data: !marked[index]
        ? s.values
        : asLine
          ? s.values.map((value, at) => (partialAt(index, at) ? null : value))
          : s.values.map((value, at) => (partialAt(index, at) ? { value, itemStyle: { decal: HATCH } } : value)),
      ...(asLine && { showSymbol: categories.length <= 24, smooth: false }),
      ...(config.type === 'area' && { areaStyle: { opacity: 0.25 } }),
      ...(config.display.stacked && !combo && { stack: 'all' }),
      ...(combo && { yAxisIndex: index === 1 ? 1 : 0 }),
      ...(anyMarked && { itemStyle: { color: colourAt(index) } }),
      tooltip: { valueFormatter: tooltipValue(s.column.format) },
      ...(index === 0 && thresholds),
    };
  });
  // A line's segments into and out of a period that is not whole are dashed: its twin holds those points only.
  const twins = series.flatMap((s, index) => {
    if (!marked[index] || !asLineAt(index)) return [];
    const near = (at: number) => partialAt(index, at) || partialAt(index, at - 1) || partialAt(index, at + 1);
    const { markLine: _markLine, ...rest } = drawn[index] as { markLine?: unknown };
    return [
      {
        ...rest,
        data: s.values.map((value, at) => (near(at) ? value : null)),
        lineStyle: { type: 'dashed', color: colourAt(index) },
        ...(config.type === 'area' && { areaStyle: { opacity: 0.1 } }),
        ...(config.display.stacked && !combo && { stack: 'partial' }),
      },
    ];
  });
  const twinOf = series.flatMap((_, index) => (marked[index] && asLineAt(index) ? [index] : []));
  const formatAt = (seriesIndex: number) =>
    series[seriesIndex < series.length ? seriesIndex : twinOf[seriesIndex - series.length]!]?.column.format ?? null;
  const markedTooltip = anyMarked && {
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (
        params: {
          seriesName: string;
          seriesIndex: number;
          value: unknown;
          marker: string;
          axisValue: string;
          dataIndex: number;
        }[],
      ) => {
        const first = params[0];
        if (!first) return '';
        const lines = new Map<string, string>();
        for (const p of params) {
          if (p.value === null || p.value === undefined || lines.has(p.seriesName)) continue;
          lines.set(
            p.seriesName,
            `${p.marker}${escapeHtml(p.seriesName)}: <b>${escapeHtml(tooltipValue(formatAt(p.seriesIndex))(p.value))}</b>`,
          );
        }
        const notes = [...new Set(marks!.flatMap((row) => row[first.dataIndex]?.notes ?? []))];
        const head = escapeHtml(dateLabel ? dateLabel(first.axisValue) : first.axisValue);
        return [head, ...lines.values(), ...notes.map((note) => `<i>${escapeHtml(note)}</i>`)].join('<br/>');
      },
    },
  };
  const values = combo
    ? [
        valueAxis(series[0]?.column.format ?? null),
        valueAxis(series[1]?.column.format ?? null, { splitLine: { show: false }, scale: true }),
      ]
    : valueAxis(formats.length === 1 ? formats[0]! : null);
  return {
    ...base,
    ...markedTooltip,
    grid: {
      left: 8,
      right: combo ? 8 : 16,
      top: horizontal && config.display.thresholds.length ? 28 : 16,
      bottom: legendRoom,
      containLabel: true,
    },
    xAxis: horizontal ? values : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true } : values,
    series: [...drawn, ...twins],
    ...(category === null && { xAxis: { ...categoryAxis, data: [''] } }),
  };
}
