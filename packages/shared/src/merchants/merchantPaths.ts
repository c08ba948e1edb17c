// The merchant-level page's API: each route's pattern (what the API registers) and its path
// builder (what the app calls) side by side, so the two cannot drift apart.
const base = '/api/merchants/v1';

export const MERCHANT_ROUTES = {
  search: `${base}/search`,
  watchlist: `${base}/watchlist`,
  merchant: `${base}/merchants/:merchantId`,
  sections: `${base}/merchants/:merchantId/sections`,
  section: `${base}/merchants/:merchantId/sections/:section`,
  signals: `${base}/merchants/:merchantId/signals`,
  cases: `${base}/merchants/:merchantId/cases/`,
  caseNotes: `${base}/merchants/:merchantId/cases/:caseId/notes/`,
  caseClose: `${base}/merchants/:merchantId/cases/:caseId/close`,
} as const;

export const MERCHANT_PATHS = {
  /** GET ?q=: the caller's merchants by MID, DBA or legal name (type-ahead). */
  search: (q: string) => `${base}/search?${new URLSearchParams({ q })}`,
  /** GET: merchants with raised signals, most first. */
  watchlist: () => `${base}/watchlist`,
  /** GET: the header (names, MID, MCC, state, plan, onboarding, status, risk tier). */
  merchant: (merchantId: number) => `${base}/merchants/${merchantId}`,
  /** POST the page's date range and filters: every section's query answers, one NDJSON line per section as it is ready. */
  sections: (merchantId: number) => `${base}/merchants/${merchantId}/sections`,
  /** POST the page's date range and filters: the section's query answers. */
  section: (merchantId: number, section: string) => `${base}/merchants/${merchantId}/sections/${section}`,
  /** GET: every AML and card-testing signal with its score, threshold and evidence. */
  signals: (merchantId: number) => `${base}/merchants/${merchantId}/signals`,
  /** GET: the merchant's cases; POST: open one from a signal. */
  cases: (merchantId: number) => `${base}/merchants/${merchantId}/cases/`,
  /** POST: add a note to an open case. */
  caseNotes: (merchantId: number, caseId: number) => `${base}/merchants/${merchantId}/cases/${caseId}/notes/`,
  /** POST: close a case with a disposition. */
  caseClose: (merchantId: number, caseId: number) => `${base}/merchants/${merchantId}/cases/${caseId}/close`,
} as const;
