// The CSV export calls (`/api/exports/v1/`), parsed with the shared contract; bodies are
// checked with its schemas before they leave the browser.
import type { QueryDescriptionInput } from '@payportal/shared/analytics';
import {
  definitionListSchema,
  downloadTicketSchema,
  estimateBodySchema,
  estimateSchema,
  EXPORT_PATHS,
  exportDefinitionBodySchema,
  exportDefinitionSchema,
  exportJobSchema,
  exportLimitsSchema,
  jobListSchema,
  runExportBodySchema,
  type ExportDefinitionBodyInput,
  type RunExportBodyInput,
} from '@payportal/shared/exports';
import { apiRequest } from '../../lib/apiClient.ts';

export function fetchLimits(signal?: AbortSignal) {
  return apiRequest(EXPORT_PATHS.limits(), { schema: exportLimitsSchema, signal });
}

export function estimateRows(query: QueryDescriptionInput, signal?: AbortSignal) {
  return apiRequest(EXPORT_PATHS.estimate(), {
    method: 'POST',
    body: estimateBodySchema.parse({ query }),
    schema: estimateSchema,
    signal,
  });
}

export function listDefinitions(options: { mine?: boolean; search?: string } = {}, signal?: AbortSignal) {
  const params = new URLSearchParams({ mine: String(options.mine ?? false) });
  if (options.search) params.set('search', options.search);
  return apiRequest(`${EXPORT_PATHS.definitions()}?${params}`, { schema: definitionListSchema, signal });
}

export function fetchDefinition(id: number, signal?: AbortSignal) {
  return apiRequest(EXPORT_PATHS.definition(id), { schema: exportDefinitionSchema, signal });
}

/** Creates the definition, or replaces every field of definition `id`. */
export function saveDefinition(body: ExportDefinitionBodyInput, id?: number) {
  const parsed = exportDefinitionBodySchema.parse(body);
  return id === undefined
    ? apiRequest(EXPORT_PATHS.definitions(), { method: 'POST', body: parsed, schema: exportDefinitionSchema })
    : apiRequest(EXPORT_PATHS.definition(id), { method: 'PUT', body: parsed, schema: exportDefinitionSchema });
}

export function deleteDefinition(id: number) {
  return apiRequest(EXPORT_PATHS.definition(id), { method: 'DELETE' });
}

export function runExport(body: RunExportBodyInput) {
  return apiRequest(EXPORT_PATHS.jobs(), {
    method: 'POST',
    body: runExportBodySchema.parse(body),
    schema: exportJobSchema,
  });
}

export function listJobs(definitionId?: number, signal?: AbortSignal) {
  const query = definitionId === undefined ? '' : `?definition_id=${definitionId}`;
  return apiRequest(`${EXPORT_PATHS.jobs()}${query}`, { schema: jobListSchema, signal });
}

export function fetchJob(id: number, signal?: AbortSignal) {
  return apiRequest(EXPORT_PATHS.job(id), { schema: exportJobSchema, signal });
}

export function cancelJob(id: number) {
  return apiRequest(EXPORT_PATHS.cancelJob(id), { method: 'POST', schema: exportJobSchema });
}

export function requestDownloadTicket(id: number) {
  return apiRequest(EXPORT_PATHS.downloadTicket(id), { method: 'POST', schema: downloadTicketSchema });
}
