// Charts of a dashboard. A chart belongs to one dashboard, so every access goes
// through its dashboard's organisation check; writes need the right to edit that dashboard. Adding a
// chart appends it to the layout; deleting removes it there too.
import { chartSchema, type ChartConfig, type DashboardChart, type LayoutItem } from '@payportal/shared/dashboards';
import type { Database, Queryable } from '../db/database.ts';
import type { DashboardActor } from './dashboardActor.ts';
import { auditDashboard } from './dashboardAudit.ts';
import { editableDashboard, type WriteOutcome } from './dashboardRows.ts';

interface ChartRow {
  id: number;
  dashboard_id: number;
  config: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

const toChart = (row: ChartRow): DashboardChart =>
  chartSchema.parse({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  });

export async function listCharts(db: Queryable, dashboardId: number): Promise<DashboardChart[]> {
  return (
    await db.query<ChartRow>(
      'select id, dashboard_id, config, created_at, updated_at from dashboard_charts where dashboard_id = $1 order by id',
      [dashboardId],
    )
  ).map(toChart);
}

/** The chart, when its dashboard is the organisation's. */
export async function findChart(
  db: Queryable,
  actor: DashboardActor,
  dashboardId: number,
  chartId: number,
): Promise<DashboardChart | null> {
  const [row] = await db.query<ChartRow>(
    `select c.id, c.dashboard_id, c.config, c.created_at, c.updated_at from dashboard_charts c join dashboards d on d.id = c.dashboard_id
      where c.id = $1 and c.dashboard_id = $2 and d.org_id = $3`,
    [chartId, dashboardId, actor.orgId],
  );
  return row ? toChart(row) : null;
}

const DEFAULT_WIDTH: Record<ChartConfig['type'], LayoutItem['w']> = {
  kpi: 3,
  line: 6,
  area: 6,
  bar: 6,
  combo: 8,
  pie: 4,
  table: 12,
  heatmap: 6,
};

async function insertChart(
  tx: Queryable,
  actor: DashboardActor,
  dashboardId: number,
  config: ChartConfig,
  layout: LayoutItem[],
): Promise<number> {
  const [created] = await tx.query<{ id: number }>(
    'insert into dashboard_charts (dashboard_id, config) values ($1, $2) returning id',
    [dashboardId, JSON.stringify(config)],
  );
  const item = { chart_id: created!.id, w: DEFAULT_WIDTH[config.type], h: config.type === 'kpi' ? 1 : 2 };
  await tx.query('update dashboards set layout = $3, updated_at = now() where id = $1 and org_id = $2', [
    dashboardId,
    actor.orgId,
    JSON.stringify([...layout, item]),
  ]);
  return created!.id;
}

export async function createChart(
  db: Database,
  actor: DashboardActor,
  dashboardId: number,
  config: ChartConfig,
): Promise<WriteOutcome<DashboardChart>> {
  const outcome = await db.transaction(async (tx) => {
    const dashboard = await editableDashboard(tx, actor, dashboardId);
    if (dashboard === null || dashboard === 'forbidden') return dashboard;
    const chartId = await insertChart(tx, actor, dashboardId, config, dashboard.layout);
    await auditDashboard(tx, actor, 'chart-create', { dashboardId, chartId }, { config });
    return chartId;
  });
  return typeof outcome === 'number' ? findChart(db, actor, dashboardId, outcome) : outcome;
}

export async function updateChart(
  db: Database,
  actor: DashboardActor,
  dashboardId: number,
  chartId: number,
  config: ChartConfig,
): Promise<WriteOutcome<DashboardChart>> {
  const outcome = await db.transaction(async (tx) => {
    const dashboard = await editableDashboard(tx, actor, dashboardId);
    if (dashboard === null || dashboard === 'forbidden') return dashboard;
    const [updated] = await tx.query<{ id: number }>(
      'update dashboard_charts set config = $3, updated_at = now() where id = $1 and dashboard_id = $2 returning id',
      [chartId, dashboardId, JSON.stringify(config)],
    );
    if (!updated) return null;
    await auditDashboard(tx, actor, 'chart-update', { dashboardId, chartId }, { config });
    return chartId;
  });
  return typeof outcome === 'number' ? findChart(db, actor, dashboardId, outcome) : outcome;
}

export async function deleteChart(
  db: Database,
  actor: DashboardActor,
  dashboardId: number,
  chartId: number,
): Promise<WriteOutcome<'deleted'>> {
  return db.transaction(async (tx) => {
    const dashboard = await editableDashboard(tx, actor, dashboardId);
    if (dashboard === null || dashboard === 'forbidden') return dashboard;
    const [deleted] = await tx.query<{ id: number }>(
      'delete from dashboard_charts where id = $1 and dashboard_id = $2 returning id',
      [chartId, dashboardId],
    );
    if (!deleted) return null;
    const layout = dashboard.layout.filter((item) => item.chart_id !== chartId);
    await tx.query('update dashboards set layout = $3, updated_at = now() where id = $1 and org_id = $2', [
      dashboardId,
      actor.orgId,
      JSON.stringify(layout),
    ]);
    await auditDashboard(tx, actor, 'chart-delete', { dashboardId, chartId });
    return 'deleted' as const;
  });
}

/**
 * Copies a chart the caller may view into a dashboard they may edit (this one or another of the
 * organisation). Null when either is not the organisation's; 'forbidden' when the target is not theirs to edit.
 */
export async function copyChart(
  db: Database,
  actor: DashboardActor,
  source: { dashboardId: number; chartId: number },
  targetId: number,
): Promise<WriteOutcome<DashboardChart>> {
  const outcome = await db.transaction(async (tx) => {
    const chart = await findChart(tx, actor, source.dashboardId, source.chartId);
    if (!chart) return null;
    const target = await editableDashboard(tx, actor, targetId);
    if (target === null || target === 'forbidden') return target;
    const chartId = await insertChart(tx, actor, targetId, chart.config, target.layout);
    await auditDashboard(tx, actor, 'chart-copy', { dashboardId: targetId, chartId }, { from: source });
    return chartId;
  });
  return typeof outcome === 'number' ? findChart(db, actor, targetId, outcome) : outcome;
}
