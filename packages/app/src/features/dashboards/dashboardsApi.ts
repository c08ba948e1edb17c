// The dashboards API calls, parsed with the shared contract. Every figure a chart
// shows comes from the one query API (runQuery), never from these.
import {
  chartConfigSchema,
  chartSchema,
  DASHBOARD_PATHS,
  dashboardBodySchema,
  dashboardListSchema,
  dashboardSchema,
  type ChartConfigInput,
  type DashboardBodyInput,
} from '@payportal/shared/dashboards';
import { apiRequest } from '../../lib/apiClient.ts';

export const fetchDashboards = (archived: boolean, signal?: AbortSignal) =>
  apiRequest(DASHBOARD_PATHS.dashboards(archived), { schema: dashboardListSchema, signal });
export const fetchDashboard = (id: number, signal?: AbortSignal) =>
  apiRequest(DASHBOARD_PATHS.dashboard(id), { schema: dashboardSchema, signal });

export const createDashboard = (body: DashboardBodyInput) =>
  apiRequest(DASHBOARD_PATHS.dashboards(), {
    method: 'POST',
    body: dashboardBodySchema.parse(body),
    schema: dashboardSchema,
  });
export const saveDashboard = (id: number, body: DashboardBodyInput) =>
  apiRequest(DASHBOARD_PATHS.dashboard(id), {
    method: 'PUT',
    body: dashboardBodySchema.parse(body),
    schema: dashboardSchema,
  });
export const archiveDashboard = (id: number, archived: boolean) =>
  apiRequest(DASHBOARD_PATHS.archive(id), { method: 'POST', body: { archived }, schema: dashboardSchema });
export const deleteDashboard = (id: number) => apiRequest(DASHBOARD_PATHS.dashboard(id), { method: 'DELETE' });

export const createChart = (dashboardId: number, config: ChartConfigInput) =>
  apiRequest(DASHBOARD_PATHS.charts(dashboardId), {
    method: 'POST',
    body: chartConfigSchema.parse(config),
    schema: chartSchema,
  });
export const saveChart = (dashboardId: number, chartId: number, config: ChartConfigInput) =>
  apiRequest(DASHBOARD_PATHS.chart(dashboardId, chartId), {
    method: 'PUT',
    body: chartConfigSchema.parse(config),
    schema: chartSchema,
  });
export const deleteChart = (dashboardId: number, chartId: number) =>
  apiRequest(DASHBOARD_PATHS.chart(dashboardId, chartId), { method: 'DELETE' });
export const copyChart = (dashboardId: number, chartId: number, targetDashboardId: number) =>
  apiRequest(DASHBOARD_PATHS.copyChart(dashboardId, chartId), {
    method: 'POST',
    body: { target_dashboard_id: targetDashboardId },
    schema: chartSchema,
  });
