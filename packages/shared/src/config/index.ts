// @payportal/shared/config: everything its files export.
export * from './browserConfig.ts';
export * from './env.ts';
