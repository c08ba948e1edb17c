// @payportal/shared/disputes: everything its files export.
export * from './daysLeft.ts';
export * from './disputeActions.ts';
export * from './disputeDetail.ts';
export * from './disputePaths.ts';
export * from './disputeQueue.ts';
export * from './disputeInsights.ts';
export * from './disputeQueueExport.ts';
