// The query API: each route's pattern (what the API registers) and its path builder (what the app
// calls) side by side, so the two cannot drift apart.
const base = '/api/analytics/v1';

export const ANALYTICS_ROUTES = {
  catalogue: `${base}/catalogue`,
  query: `${base}/query`,
  values: `${base}/values/:dimension`,
} as const;

export const ANALYTICS_PATHS = {
  /** GET: the metric catalogue the caller's roles may use. */
  catalogue: () => ANALYTICS_ROUTES.catalogue,
  /** POST a query description: columns and rows. */
  query: () => ANALYTICS_ROUTES.query,
  /** GET ?search=&parent=&limit=: the values of a compound-search dimension. */
  values: (dimension: string, search: URLSearchParams) => `${base}/values/${encodeURIComponent(dimension)}?${search}`,
} as const;
