// @payportal/shared/guards: everything its files export.
export * from './decideDisputesRoute.ts';
export * from './decideResidualsRoute.ts';
export * from './decideEmbeddedRoute.ts';
export * from './decideGeneralRoute.ts';
export * from './decideOwnerRoute.ts';
export * from './decideQueryRoute.ts';
export * from './decideRoute.ts';
export * from './decideTermsRoute.ts';
export * from './decideUploadRoute.ts';
export * from './guardDecision.ts';
