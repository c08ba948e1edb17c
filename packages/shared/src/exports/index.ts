// @payportal/shared/exports: everything its files export.
export * from './csvOptions.ts';
export * from './downloadTicket.ts';
export * from './exportDefinition.ts';
export * from './exportJob.ts';
export * from './exportLimits.ts';
export * from './exportPaths.ts';
