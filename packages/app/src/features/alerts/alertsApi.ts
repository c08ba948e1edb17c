// The alerts and subscriptions API calls, parsed with the shared contract.
import {
  ALERT_PATHS,
  alertBodySchema,
  alertFiringListSchema,
  alertListSchema,
  alertSchema,
  recipientListSchema,
  subscriptionBodySchema,
  subscriptionListSchema,
  subscriptionSchema,
  type AlertBodyInput,
  type SubscriptionBodyInput,
} from '@payportal/shared/alerts';
import { apiRequest } from '../../lib/apiClient.ts';

export const fetchRecipients = (signal?: AbortSignal) =>
  apiRequest(ALERT_PATHS.recipients(), { schema: recipientListSchema, signal });
export const fetchAlerts = (signal?: AbortSignal) =>
  apiRequest(ALERT_PATHS.alerts(), { schema: alertListSchema, signal });
export const fetchFirings = (alertId: number, signal?: AbortSignal) =>
  apiRequest(ALERT_PATHS.firings(alertId), { schema: alertFiringListSchema, signal });
export const createAlert = (body: AlertBodyInput) =>
  apiRequest(ALERT_PATHS.alerts(), { method: 'POST', body: alertBodySchema.parse(body), schema: alertSchema });
export const deleteAlert = (alertId: number) => apiRequest(ALERT_PATHS.alert(alertId), { method: 'DELETE' });
export const evaluateAlerts = () => apiRequest(ALERT_PATHS.evaluate(), { method: 'POST' });
export const fetchSubscriptions = (signal?: AbortSignal) =>
  apiRequest(ALERT_PATHS.subscriptions(), { schema: subscriptionListSchema, signal });
export const createSubscription = (body: SubscriptionBodyInput) =>
  apiRequest(ALERT_PATHS.subscriptions(), {
    method: 'POST',
    body: subscriptionBodySchema.parse(body),
    schema: subscriptionSchema,
  });
export const deleteSubscription = (subscriptionId: number) =>
  apiRequest(ALERT_PATHS.subscription(subscriptionId), { method: 'DELETE' });
export const sendSubscriptionNow = (subscriptionId: number) =>
  apiRequest(ALERT_PATHS.sendNow(subscriptionId), { method: 'POST', schema: subscriptionSchema });
