// Dashboards and their charts as the API keeps and answers them. Everyone in the
// organisation with the query role views a dashboard and copies its charts; its creator and the
// organisation's owners edit, archive and delete it (`can_edit` tells the screen which, for this caller).
import { z } from 'zod';
import { idSchema } from '../identity/domain.ts';
import { chartConfigSchema } from './chartConfig.ts';
import { dashboardFiltersSchema } from './dashboardFilters.ts';
import { dashboardParagraphSchema, dashboardTextSchema } from './dashboardText.ts';

/** The grid has 12 columns; a chart spans 3 to 12 of them and 1 to 3 rows. */
export const GRID_COLUMNS = 12;
export const GRID_MIN_COLUMNS = 3;
export const GRID_MAX_ROWS = 3;
export const layoutItemSchema = z.strictObject({
  chart_id: z.number().int().positive(),
  w: z.number().int().min(GRID_MIN_COLUMNS).max(GRID_COLUMNS),
  h: z.number().int().min(1).max(GRID_MAX_ROWS),
});
export type LayoutItem = z.infer<typeof layoutItemSchema>;
/** In reading order: the grid places them left to right, top to bottom. */
export const dashboardLayoutSchema = z.array(layoutItemSchema).max(60);

export const dashboardParamsSchema = z.object({ dashboardId: idSchema });
export const chartParamsSchema = z.object({ dashboardId: idSchema, chartId: idSchema });

export const dashboardTitleSchema = dashboardTextSchema(120).pipe(z.string().min(1, { error: 'must not be empty' }));

/** POST dashboards/ (create) and PUT dashboards/{id} (every field replaced). */
export const dashboardBodySchema = z.strictObject({
  title: dashboardTitleSchema,
  description: dashboardParagraphSchema(2000).default(''),
  filters: dashboardFiltersSchema.default({}),
  /** On PUT only: the charts' order and sizes; every chart of the dashboard once. */
  layout: dashboardLayoutSchema.optional(),
});
export type DashboardBody = z.output<typeof dashboardBodySchema>;
export type DashboardBodyInput = z.input<typeof dashboardBodySchema>;

export const archiveBodySchema = z.strictObject({ archived: z.boolean() });
export const copyChartBodySchema = z.strictObject({ target_dashboard_id: z.number().int().positive() });

export const chartSchema = z.object({
  id: z.number().int(),
  dashboard_id: z.number().int(),
  config: chartConfigSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DashboardChart = z.infer<typeof chartSchema>;

const dashboardFields = {
  id: z.number().int(),
  org_id: z.number().int(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  title: z.string(),
  description: z.string(),
  filters: dashboardFiltersSchema,
  archived: z.boolean(),
  /** Seeded for the demo organisations. */
  seeded: z.boolean(),
  /** ISO 8601 instants. */
  created_at: z.string(),
  updated_at: z.string(),
  /** True when this caller may edit, archive and delete it (its creator, or an org owner). */
  can_edit: z.boolean(),
};

export const dashboardSummarySchema = z.object({ ...dashboardFields, chart_count: z.number().int() });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardSchema = z.object({
  ...dashboardFields,
  layout: dashboardLayoutSchema,
  charts: z.array(chartSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardListQuerySchema = z.strictObject({
  archived: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});
export const dashboardListSchema = z.object({ dashboards: z.array(dashboardSummarySchema) });
export type DashboardList = z.infer<typeof dashboardListSchema>;
