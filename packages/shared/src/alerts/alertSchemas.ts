// Alerts (a rule on a catalogue measure, checked after data changes and on a schedule) and their
// firings, as the API takes and answers them.
import { z } from 'zod';
import { filterSchema, measureIdSchema, queryDescriptionSchema } from '../analytics/queryDescription.ts';
import { mailSkipSchema } from './mailSkips.ts';

export const ALERT_SCOPES = ['portfolio', 'merchant'] as const;
export const ALERT_CONDITIONS = ['above', 'below', 'increase', 'decrease'] as const;
export const ALERT_CHANGE_UNITS = ['relative', 'points'] as const;
export const ALERT_WINDOWS = ['day', 'week', 'month', 'last_n_days'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
export type AlertWindow = (typeof ALERT_WINDOWS)[number];

export const ALERT_SCOPE_LABELS: Record<AlertScope, string> = {
  portfolio: 'The whole portfolio',
  merchant: 'Each merchant',
};
export const ALERT_CONDITION_LABELS: Record<AlertCondition, string> = {
  above: 'is above',
  below: 'is below',
  increase: 'rises vs the previous period by more than',
  decrease: 'falls vs the previous period by more than',
};
export const ALERT_WINDOW_LABELS: Record<AlertWindow, string> = {
  day: 'Yesterday',
  week: 'The last 7 days',
  month: 'The last 30 days',
  last_n_days: 'The last N days',
};

/** Days a window covers, ending yesterday (the data's last whole day); the previous period is as long, just before. */
export const windowDays = (window: AlertWindow, days?: number) =>
  window === 'day' ? 1 : window === 'week' ? 7 : window === 'month' ? 30 : (days ?? 7);

export const alertRuleSchema = z
  .strictObject({
    measure: measureIdSchema,
    scope: z.enum(ALERT_SCOPES),
    /** Which merchants (dimension filters of the query API); none: all of them. */
    filters: z.array(filterSchema).max(16).default([]),
    condition: z.enum(ALERT_CONDITIONS),
    /**
     * above / below: in the measure's own unit (a percent measure as a fraction: 0.015 is 1.5 %).
     * increase / decrease: a relative change in % (30 is 30 %), or with change_unit 'points' a
     * difference in the measure's unit (0.05 is 5 points of a percent measure).
     */
    threshold: z.number().finite(),
    change_unit: z.enum(ALERT_CHANGE_UNITS).default('relative'),
    window: z.enum(ALERT_WINDOWS),
    window_days: z.number().int().min(1).max(366).optional(),
  })
  .superRefine((rule, context) => {
    if (rule.window === 'last_n_days' && !rule.window_days)
      context.addIssue({ code: 'custom', path: ['window_days'], message: 'is required for the last N days' });
    rule.filters.forEach((filter, index) => {
      if (filter.member === 'date' || measureIdSchema.safeParse(filter.member).success) {
        context.addIssue({
          code: 'custom',
          path: ['filters', index, 'member'],
          message: 'an alert filters merchants by a dimension other than the date',
        });
      }
    });
  });
export type AlertRule = z.output<typeof alertRuleSchema>;
export type AlertRuleInput = z.input<typeof alertRuleSchema>;

const recipientsSchema = z
  .array(z.number({ error: 'must be a user id' }).int().positive())
  .min(1, { error: 'choose at least one recipient' })
  .max(50);

export const alertBodySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'is required' }).max(120),
  rule: alertRuleSchema,
  recipients: recipientsSchema,
  enabled: z.boolean().default(true),
});
export type AlertBody = z.output<typeof alertBodySchema>;
export type AlertBodyInput = z.input<typeof alertBodySchema>;

export const alertParamsSchema = z.object({ alertId: z.coerce.number().int().positive() });

export const alertSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rule: alertRuleSchema,
  recipients: z.array(z.number().int()),
  enabled: z.boolean(),
  /** firing: its condition held at the last evaluation (no new mail until it clears). */
  state: z.enum(['ok', 'firing']),
  last_evaluated_at: z.string().nullable(),
  /** The last mail's error when it did not go (retrying or failed). */
  mail_failure: z.string().nullable(),
  /** Its latest skipped runs and recipients, newest first: shown to its creator and the owners only (else empty). */
  skips: z.array(mailSkipSchema),
  created_by: z.number().int(),
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.object({ alerts: z.array(alertSchema) });

export const alertFiringItemSchema = z.object({
  /** The merchant's number (the merchant page's id), null for the portfolio. */
  merchant_id: z.string().nullable(),
  merchant_name: z.string().nullable(),
  value: z.number().nullable(),
  /** The previous period's figure, when the rule compares. */
  previous: z.number().nullable(),
});
export type AlertFiringItem = z.infer<typeof alertFiringItemSchema>;

export const alertFiringSchema = z.object({
  id: z.number().int(),
  fired_at: z.string(),
  cleared_at: z.string().nullable(),
  /** The question asked of the query API for the current period: the same answer the dashboards get. */
  query: queryDescriptionSchema,
  items: z.array(alertFiringItemSchema),
});
export type AlertFiring = z.infer<typeof alertFiringSchema>;
export const alertFiringListSchema = z.object({ firings: z.array(alertFiringSchema) });

export const recipientSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const recipientListSchema = z.object({ recipients: z.array(recipientSchema) });
export type Recipient = z.infer<typeof recipientSchema>;
