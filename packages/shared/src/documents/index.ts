// @payportal/shared/documents: everything its files export.
export * from './documentPaths.ts';
export * from './documentSchemas.ts';
export * from './documentTypes.ts';
