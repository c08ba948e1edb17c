// The alerts and subscriptions API: each route's pattern (what the API registers) and its path
// builder (what the app calls) side by side.
const base = '/api/alerts/v1';

export const ALERT_ROUTES = {
  recipients: `${base}/recipients`,
  alerts: `${base}/alerts/`,
  alert: `${base}/alerts/:alertId`,
  firings: `${base}/alerts/:alertId/firings`,
  evaluate: `${base}/evaluate`,
  subscriptions: `${base}/subscriptions/`,
  subscription: `${base}/subscriptions/:subscriptionId`,
  sendNow: `${base}/subscriptions/:subscriptionId/send`,
} as const;

export const ALERT_PATHS = {
  /** GET: the organisation's active members, the only possible recipients. */
  recipients: () => ALERT_ROUTES.recipients,
  /** GET: the organisation's alerts; POST: create one. */
  alerts: () => ALERT_ROUTES.alerts,
  /** PUT: replace (its creator or an org owner); DELETE. */
  alert: (alertId: number) => `${base}/alerts/${alertId}`,
  /** GET: its firings, newest first. */
  firings: (alertId: number) => `${base}/alerts/${alertId}/firings`,
  /** POST: evaluate the organisation's alerts now (queued as a job; 202). */
  evaluate: () => ALERT_ROUTES.evaluate,
  subscriptions: () => ALERT_ROUTES.subscriptions,
  subscription: (subscriptionId: number) => `${base}/subscriptions/${subscriptionId}`,
  /** POST: send it now to its recipients (202). */
  sendNow: (subscriptionId: number) => `${base}/subscriptions/${subscriptionId}/send`,
} as const;
