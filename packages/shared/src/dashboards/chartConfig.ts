// A chart's configuration: its type, the question it asks the one query API (a
// query description, so every figure comes from the analytics engine) and how it is drawn.
import { z } from 'zod';
import { queryDescriptionSchema } from '../analytics/queryDescription.ts';
import { dashboardTextSchema } from './dashboardText.ts';

export const CHART_TYPES = ['kpi', 'line', 'area', 'bar', 'combo', 'pie', 'table', 'heatmap'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const CHART_TYPE_LABELS: Record<ChartType, string> = {
  kpi: 'KPI tile',
  line: 'Line',
  area: 'Area',
  bar: 'Bar',
  combo: 'Combo (bars and a line)',
  pie: 'Pie or donut',
  table: 'Table',
  heatmap: 'Heatmap',
};

export const chartDisplaySchema = z.strictObject({
  /** Bar and area: series stacked instead of side by side. */
  stacked: z.boolean().default(false),
  /** Bar: bars run left to right. */
  horizontal: z.boolean().default(false),
  /** Pie: a ring instead of a disc. */
  donut: z.boolean().default(false),
  /** Reference lines on the value axis (the VAMP 1.5 % and 2.2 % lines), in the measure's unit. */
  thresholds: z
    .array(z.strictObject({ value: z.number().finite(), label: dashboardTextSchema(60) }))
    .max(4)
    .default([]),
  /** The chart ignores the dashboard's filters (spec: filters apply "unless a chart opts out"). */
  ignoreDashboardFilters: z.boolean().default(false),
});
export type ChartDisplay = z.output<typeof chartDisplaySchema>;

export const chartConfigSchema = z
  .strictObject({
    type: z.enum(CHART_TYPES, { error: `must be one of ${CHART_TYPES.join(', ')}` }),
    title: dashboardTextSchema(120).pipe(z.string().min(1, { error: 'must not be empty' })),
    query: queryDescriptionSchema,
    display: chartDisplaySchema.default(chartDisplaySchema.parse({})),
  })
  .superRefine((config, context) => {
    const measures = config.query.measures.length;
    if (config.type !== 'table' && measures === 0)
      context.addIssue({ code: 'custom', path: ['query', 'measures'], message: 'a chart needs a measure' });
    if (config.type === 'combo' && measures !== 2)
      context.addIssue({
        code: 'custom',
        path: ['query', 'measures'],
        message: 'a combo chart takes exactly two measures: bars, then the line',
      });
    if ((config.type === 'kpi' || config.type === 'heatmap' || config.type === 'pie') && measures > 1) {
      context.addIssue({
        code: 'custom',
        path: ['query', 'measures'],
        message: `a ${config.type} chart takes one measure`,
      });
    }
  });
export type ChartConfig = z.output<typeof chartConfigSchema>;
export type ChartConfigInput = z.input<typeof chartConfigSchema>;
