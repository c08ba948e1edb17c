// The AML and card-testing signals of the merchant-level page: ids, labels and the
// threshold each score is judged by. The SQL of each lives in @payportal/analytics (src/signals/),
// keyed by these ids, so a signal cannot exist on one side only. The generator plants one known case
// of each in a few merchants (packages/analytics/docs/signals.md).
import { z } from 'zod';

export interface SignalMeta {
  label: string;
  /** What the score counts, shown beside it. */
  unit: 'z-score' | 'ratio' | 'share' | 'count';
  /** A score at or above it raises the signal. */
  threshold: number;
  description: string;
}

export const SIGNALS = {
  volume_spike: {
    label: 'Volume or count spike',
    unit: 'z-score',
    threshold: 6,
    description: 'Highest day of the last 30 against the 30 days before (a new MID: against its MCC’s merchant-days)',
  },
  ticket_drift: {
    label: 'Ticket-size drift',
    unit: 'ratio',
    threshold: 2,
    description:
      'Average ticket of the last 30 days ÷ the larger of the declared average ticket and the MCC’s average ticket',
  },
  round_amounts: {
    label: 'Round amounts',
    unit: 'share',
    threshold: 0.1,
    description: 'Share of the last 30 days’ sales of $100 or more in whole hundreds of dollars',
  },
  card_testing: {
    label: 'Card testing',
    unit: 'count',
    threshold: 25,
    description:
      'Most declined card-not-present attempts under $5 from distinct cards in one hour, when most small attempts of that hour were declined',
  },
  refund_mismatch: {
    label: 'Refunds without a matching sale',
    unit: 'count',
    threshold: 3,
    description: 'Refunds of the last 30 days with no original sale, or to another card than the sale’s',
  },
  high_risk_issuers: {
    label: 'Foreign or high-risk issuers',
    unit: 'share',
    threshold: 0.05,
    description: 'Share of the last 30 days’ sales on cards issued in high-risk countries',
  },
  off_hours: {
    label: 'Card-present sales at closed hours',
    unit: 'share',
    threshold: 0.02,
    description:
      'Share of the last 30 days’ card-present sales at hours the MCC does not trade (at most 0.1 % of its 1,000 or more card-present sales before)',
  },
} as const satisfies Record<string, SignalMeta>;

export type SignalId = keyof typeof SIGNALS;
export const SIGNAL_IDS = Object.keys(SIGNALS) as [SignalId, ...SignalId[]];
export const signalIdSchema = z.enum(SIGNAL_IDS);

/** Issuer countries the high-risk signal counts (model: a placeholder for the acquirer's own list). */
export const HIGH_RISK_ISSUER_COUNTRIES = ['NG', 'RU', 'VN', 'KP', 'IR', 'MM'] as const;

/** Days the signals look back over, ending with the caller's today. */
export const SIGNAL_WINDOW_DAYS = 30;

export const EVIDENCE_FORMATS = ['date', 'datetime', 'money', 'count', 'text'] as const;

export const evidenceSchema = z.object({
  columns: z.array(z.object({ name: z.string(), label: z.string(), format: z.enum(EVIDENCE_FORMATS) })),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});

export const signalResultSchema = z.object({
  signal: signalIdSchema,
  /** null: too little activity in the window to judge. */
  score: z.number().nullable(),
  threshold: z.number(),
  flagged: z.boolean(),
  evidence: evidenceSchema,
});

export const merchantSignalsSchema = z.object({
  window: z.object({ from: z.iso.date(), to: z.iso.date() }),
  signals: z.array(signalResultSchema),
});

export type Evidence = z.infer<typeof evidenceSchema>;
export type SignalResult = z.infer<typeof signalResultSchema>;
export type MerchantSignals = z.infer<typeof merchantSignalsSchema>;
