// @payportal/shared/dashboards: everything its files export.
export * from './chartConfig.ts';
export * from './dashboardFilters.ts';
export * from './dashboardPaths.ts';
export * from './dashboardSchemas.ts';
export * from './dashboardText.ts';
export * from './drillDown.ts';
