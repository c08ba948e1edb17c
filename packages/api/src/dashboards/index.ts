// What other features may use of dashboards/: they import from this file only (eslint.config.js); app.ts
// composes the feature through registerDashboards.ts.
export { findDashboard } from './dashboardRepository.ts';
export { seedDashboards } from './seedDashboards.ts';
