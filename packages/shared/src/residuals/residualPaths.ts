// The residuals API: each route's pattern (what the API registers) and its path builder
// (what the app calls) side by side, so the two cannot drift apart.
const base = '/api/residuals/v1';

export const RESIDUAL_ROUTES = {
  statements: `${base}/statements`,
  merchants: `${base}/statements/:node/merchants`,
  statementCsv: `${base}/statements/:node/csv`,
  statementPdf: `${base}/statements/:node/pdf`,
  setup: `${base}/setup`,
  runs: `${base}/runs`,
  changes: `${base}/runs/:month/changes`,
} as const;

export const RESIDUAL_PATHS = {
  /** GET: the node's totals and its children's (without node: the portfolio, or a scoped caller's own node). */
  statements: (month: string, node?: string) =>
    `${base}/statements?${new URLSearchParams({ month, ...(node !== undefined && { node }) })}`,
  /** GET: the node's statement: a line per merchant, then its adjustments and totals. */
  merchants: (node: string, month: string) =>
    `${base}/statements/${encodeURIComponent(node)}/merchants?${new URLSearchParams({ month })}`,
  /** POST { month }: the statement's CSV as an export job (202), followed and downloaded through the exports API. */
  statementCsv: (node: string) => `${base}/statements/${encodeURIComponent(node)}/csv`,
  /** POST { month }: the statement's PDF as a generated document (201), downloaded through the documents API. */
  statementPdf: (node: string) => `${base}/statements/${encodeURIComponent(node)}/pdf`,
  /** GET: the Schedule A and split versions in force in the month, and the residual uploads' history. */
  setup: (month: string) => `${base}/setup?${new URLSearchParams({ month })}`,
  /** POST { month }: close the month (residuals_admin). */
  runs: () => `${base}/runs`,
  /** GET: what changed in a closed month's data since it was closed. */
  changes: (month: string) => `${base}/runs/${encodeURIComponent(month)}/changes`,
} as const;
