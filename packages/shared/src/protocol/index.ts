// @payportal/shared/protocol: everything its files export.
export * from './rpcEndpoint.ts';
export * from './schemas.ts';
export * from './wire.ts';
