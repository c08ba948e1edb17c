// What other features may use of exports/: they import from this file only (eslint.config.js); app.ts
// composes the feature through registerExports.ts.
export { findDefinition } from './definitionRepository.ts';
export type { DisputeQueueSource, ExportSourceRun, ResidualStatementSource } from './exportSource.ts';
export { fileNameOf, toExportJob } from './jobRepository.ts';
export { PNL_EXPORT_NAME } from './pnlExport.ts';
export { queueExportJob } from './queueExportJob.ts';
