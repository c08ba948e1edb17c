// Subscriptions: a dashboard (as a PDF) or a saved export (as CSV) mailed on a schedule in the
// organisation's time zone.
import { z } from 'zod';
import { mailSkipSchema } from './mailSkips.ts';
import { dashboardFiltersSchema } from '../dashboards/dashboardFilters.ts';

export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
export const SUBSCRIPTION_FREQUENCY_LABELS: Record<SubscriptionFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const subscriptionScheduleSchema = z.strictObject({
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
  /** Hour of the day, 0–23, in the organisation's time zone. */
  hour: z.number().int().min(0).max(23).default(7),
  /** weekly: 1 Monday … 7 Sunday. */
  weekday: z.number().int().min(1).max(7).default(1),
  /** monthly: the day of the month; a shorter month runs on its last day. */
  day_of_month: z.number().int().min(1).max(31).default(1),
});
export type SubscriptionSchedule = z.output<typeof subscriptionScheduleSchema>;

export const subscriptionSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('dashboard'),
    dashboard_id: z.number().int().positive(),
    filters: dashboardFiltersSchema.default({}),
  }),
  z.strictObject({ kind: z.literal('export'), definition_id: z.number().int().positive() }),
]);
export type SubscriptionSource = z.output<typeof subscriptionSourceSchema>;
export type SubscriptionSourceInput = z.input<typeof subscriptionSourceSchema>;

export const subscriptionBodySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'is required' }).max(120),
  source: subscriptionSourceSchema,
  schedule: subscriptionScheduleSchema,
  recipients: z
    .array(z.number({ error: 'must be a user id' }).int().positive())
    .min(1, { error: 'choose at least one recipient' })
    .max(50),
  enabled: z.boolean().default(true),
});
export type SubscriptionBody = z.output<typeof subscriptionBodySchema>;
export type SubscriptionBodyInput = z.input<typeof subscriptionBodySchema>;

export const subscriptionParamsSchema = z.object({ subscriptionId: z.coerce.number().int().positive() });

export const subscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source: subscriptionSourceSchema,
  schedule: subscriptionScheduleSchema,
  recipients: z.array(z.number().int()),
  enabled: z.boolean(),
  time_zone: z.string(),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  mail_failure: z.string().nullable(),
  /** Its latest skipped runs and recipients, newest first: shown to its creator and the owners only (else empty). */
  skips: z.array(mailSkipSchema),
  created_by: z.number().int(),
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSchema) });
