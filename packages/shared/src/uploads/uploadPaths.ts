// The uploads API: each route's pattern (what the API registers) and its path builder (what
// the app calls) side by side. The tus endpoint speaks the tus 1.0 protocol, not JSON.
const base = '/api/uploads/v1';

export const UPLOAD_ROUTES = {
  tusFiles: `${base}/files/`,
  tusFile: `${base}/files/:fileId`,
  uploads: `${base}/uploads/`,
  upload: `${base}/uploads/:uploadId`,
  rejects: `${base}/uploads/:uploadId/rejects`,
  rejectsCsv: `${base}/uploads/:uploadId/rejects.csv`,
  rollback: `${base}/uploads/:uploadId/rollback`,
} as const;

export const UPLOAD_PATHS = {
  /** tus creation (POST) endpoint; tus-js-client follows the Location it answers. */
  tusFiles: () => UPLOAD_ROUTES.tusFiles,
  /** GET: the history, newest first, filtered (the upload role sees its own, upload_admin the organisation's). */
  uploads: () => UPLOAD_ROUTES.uploads,
  /** GET: one upload's details; DELETE: remove its rows (upload_admin, org owners). */
  upload: (uploadId: number) => `${base}/uploads/${uploadId}`,
  /** GET: a page of the rejected rows. */
  rejects: (uploadId: number) => `${base}/uploads/${uploadId}/rejects`,
  /** GET with the bearer token: every rejected row as CSV. */
  rejectsCsv: (uploadId: number) => `${base}/uploads/${uploadId}/rejects.csv`,
  /** POST: back to the previous version (upload_admin, org owners). */
  rollback: (uploadId: number) => `${base}/uploads/${uploadId}/rollback`,
} as const;
