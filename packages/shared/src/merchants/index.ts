// @payportal/shared/merchants: everything its files export.
export * from './merchantCases.ts';
export * from './merchantHeader.ts';
export * from './merchantPaths.ts';
export * from './merchantSections.ts';
export * from './signals.ts';
