// @payportal/shared/errors: everything its files export.
export * from './AuthFlowError.ts';
export * from './apiErrors.ts';
export * from './authErrors.ts';
