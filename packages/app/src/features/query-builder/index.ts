// What other features may use of query-builder/: they import from this file only (eslint.config.js).
export { fetchCatalogue } from './analyticsApi.ts';
export { loadBuilder } from './builderStore.ts';
export { PRESET_LABELS } from './DateField.tsx';
export { ExportRunCard } from './ExportRunCard.tsx';
export { handOver } from './screenHandOff.ts';
export { fromQueryDescription } from './toQueryDescription.ts';
export { useExportJob } from './useExportJob.ts';
export { ValueSearch } from './ValueSearch.tsx';
