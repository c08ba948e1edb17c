// The dashboards API: each route's pattern (what the API registers) and its
// path builder (what the app calls) side by side, so the two cannot drift apart.
const base = '/api/dashboards/v1';

export const DASHBOARD_ROUTES = {
  dashboards: `${base}/dashboards/`,
  dashboard: `${base}/dashboards/:dashboardId`,
  archive: `${base}/dashboards/:dashboardId/archive`,
  charts: `${base}/dashboards/:dashboardId/charts/`,
  chart: `${base}/dashboards/:dashboardId/charts/:chartId`,
  copyChart: `${base}/dashboards/:dashboardId/charts/:chartId/copy`,
} as const;

export const DASHBOARD_PATHS = {
  /** GET ?archived=: the organisation's dashboards; POST: create one (the caller owns it). */
  dashboards: (archived = false) => (archived ? `${base}/dashboards/?archived=true` : `${base}/dashboards/`),
  /** GET: one dashboard with its charts; PUT: title, description, layout, filters (editors); DELETE (editors). */
  dashboard: (dashboardId: number) => `${base}/dashboards/${dashboardId}`,
  /** POST { archived }: archive or restore (editors). */
  archive: (dashboardId: number) => `${base}/dashboards/${dashboardId}/archive`,
  /** POST: add a chart (editors). */
  charts: (dashboardId: number) => `${base}/dashboards/${dashboardId}/charts/`,
  /** GET; PUT: replace its configuration (editors); DELETE (editors). */
  chart: (dashboardId: number, chartId: number) => `${base}/dashboards/${dashboardId}/charts/${chartId}`,
  /** POST { target_dashboard_id }: copy into a dashboard the caller may edit (viewers of the source may copy). */
  copyChart: (dashboardId: number, chartId: number) => `${base}/dashboards/${dashboardId}/charts/${chartId}/copy`,
} as const;
