// The CSV export API: each route's pattern (what the API registers) and its
// path builder (what the app calls) side by side, so the two cannot drift apart.
const base = '/api/exports/v1';

export const EXPORT_ROUTES = {
  limits: `${base}/limits`,
  estimate: `${base}/estimate`,
  definitions: `${base}/definitions/`,
  definition: `${base}/definitions/:definitionId`,
  jobs: `${base}/jobs/`,
  job: `${base}/jobs/:jobId`,
  cancelJob: `${base}/jobs/:jobId/cancel`,
  downloadTicket: `${base}/jobs/:jobId/download-ticket`,
  download: `${base}/downloads/:ticket`,
} as const;

export const EXPORT_PATHS = {
  /** GET: the caller's row cap, queue limit and file lifetime. */
  limits: () => EXPORT_ROUTES.limits,
  /** POST { query }: how many rows the export would have (for the builder's estimate). */
  estimate: () => EXPORT_ROUTES.estimate,
  /** GET: the organisation's saved definitions; POST: save a new one. */
  definitions: () => EXPORT_ROUTES.definitions,
  /** GET, PUT (owner or org owner), DELETE (owner or org owner). */
  definition: (definitionId: number) => `${base}/definitions/${definitionId}`,
  /** GET ?definition_id=: the caller's runs, newest first; POST: run an export (202, a queued job). */
  jobs: () => EXPORT_ROUTES.jobs,
  /** GET: one of the caller's runs (poll it for progress). */
  job: (jobId: number) => `${base}/jobs/${jobId}`,
  /** POST: stop a queued or running export. */
  cancelJob: (jobId: number) => `${base}/jobs/${jobId}/cancel`,
  /** POST: a short-lived single-use download URL for a ready export. */
  downloadTicket: (jobId: number) => `${base}/jobs/${jobId}/download-ticket`,
} as const;
