// @payportal/shared/alerts: everything its files export.
export * from './alertPaths.ts';
export * from './alertSchemas.ts';
export * from './alertTemplates.ts';
export * from './mailSkips.ts';
export * from './subscriptionSchemas.ts';
