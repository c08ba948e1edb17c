// @payportal/shared/uploads: everything its files export.
export * from './checkCell.ts';
export * from './checkCsvHead.ts';
export * from './readCsvRecords.ts';
export * from './uploadKinds.ts';
export * from './uploadPaths.ts';
export * from './uploadSchemas.ts';
