// Ready-made rules for what acquirers watch. "Nearing" a scheme line is 90 % of it, so the mail comes
// before the programme's letter does. The dispute desk's two look back far enough to hold
// every dispute still open (a chargeback is counted on its received date, and arbitration comes months
// after it) and every fought one decided (a ruling comes weeks after the representment).
import type { AlertRuleInput } from './alertSchemas.ts';

export interface AlertTemplate {
  id: string;
  name: string;
  rule: AlertRuleInput;
}

/** A template whose name says "X %" has it replaced by the threshold when it is applied. */
export const TEMPLATE_THRESHOLD_MARK = 'X %';

export const ALERT_TEMPLATES: readonly AlertTemplate[] = [
  {
    id: 'vamp-early',
    name: 'VAMP ratio nearing 0.9 %',
    rule: { measure: 'vamp_ratio', scope: 'merchant', condition: 'above', threshold: 0.0081, window: 'month' },
  },
  {
    id: 'vamp-excessive',
    name: 'VAMP ratio nearing 1.5 %',
    rule: { measure: 'vamp_ratio', scope: 'merchant', condition: 'above', threshold: 0.0135, window: 'month' },
  },
  {
    id: 'ecm',
    name: 'Chargeback ratio nearing 1 % (Mastercard ECM)',
    rule: { measure: 'chargeback_ratio', scope: 'merchant', condition: 'above', threshold: 0.009, window: 'month' },
  },
  {
    id: 'approval-drop',
    name: 'Approval rate down more than 5 points week on week',
    rule: {
      measure: 'approval_rate',
      scope: 'portfolio',
      condition: 'decrease',
      change_unit: 'points',
      threshold: 0.05,
      window: 'week',
    },
  },
  {
    id: 'quiet-merchant',
    name: 'A merchant with no sales for 7 days',
    rule: { measure: 'transactions', scope: 'merchant', condition: 'below', threshold: 1, window: 'week' },
  },
  {
    id: 'volume-drop',
    name: 'Volume down more than 30 % month on month',
    rule: {
      measure: 'gsv',
      scope: 'portfolio',
      condition: 'decrease',
      change_unit: 'relative',
      threshold: 30,
      window: 'month',
    },
  },
  {
    id: 'disputes-due-3d',
    name: 'Disputes due within 3 days',
    rule: {
      measure: 'disputes_due_3d',
      scope: 'merchant',
      condition: 'above',
      threshold: 0,
      window: 'last_n_days',
      window_days: 366,
    },
  },
  {
    id: 'fought-win-rate-low',
    name: "A merchant's fought win rate below X %",
    rule: {
      measure: 'dispute_win_rate_fought',
      scope: 'merchant',
      condition: 'below',
      threshold: 0.3,
      window: 'last_n_days',
      window_days: 180,
    },
  },
];
