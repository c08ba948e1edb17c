// @payportal/shared/analytics: everything its files export.
export * from './analyticsPaths.ts';
export * from './catalogue.ts';
export * from './datePeriods.ts';
export * from './declineCodes.ts';
export * from './disputeReasonCodes.ts';
export * from './formatCell.ts';
export * from './industryNames.ts';
export * from './periodNotes.ts';
export * from './queryBatch.ts';
export * from './queryDescription.ts';
export * from './valueLabels.ts';
