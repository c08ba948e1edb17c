// The sections of the merchant-level page as ordinary query descriptions with a
// merchant filter, so every figure comes from the one query API and a test can ask the
// same question there. The page's date range and filters (card brand, card type, channel) apply to all.
import { z } from 'zod';
import type { QueryDescriptionInput, QueryFilter } from '../analytics/queryDescription.ts';
import { dateRangeSchema, queryResultSchema } from '../analytics/queryDescription.ts';
import { batchLineErrorShape } from '../analytics/queryBatch.ts';

export const SECTION_IDS = ['performance', 'authorisation', 'disputes', 'economics', 'peers'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const SECTION_TITLES: Record<SectionId, string> = {
  performance: 'Performance',
  authorisation: 'Authorisation',
  disputes: 'Disputes and fraud',
  economics: 'Economics',
  peers: 'Peer benchmark',
};

export const sectionParamsSchema = z.strictObject({
  merchantId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  section: z.enum(SECTION_IDS),
});

export const sectionRequestSchema = z.strictObject({
  dateRange: dateRangeSchema.default('last_30_days'),
  cardBrand: z.enum(['visa', 'mastercard', 'amex', 'discover']).optional(),
  cardType: z.enum(['credit', 'debit', 'prepaid']).optional(),
  channel: z.enum(['cp', 'cnp']).optional(),
});
export type SectionRequest = z.output<typeof sectionRequestSchema>;
export type SectionRequestInput = z.input<typeof sectionRequestSchema>;

export const sectionAnswerSchema = z.object({
  section: z.enum(SECTION_IDS),
  queries: z.array(z.object({ id: z.string(), result: queryResultSchema })),
});
export type SectionAnswer = z.infer<typeof sectionAnswerSchema>;

/** One line of the sections' NDJSON answer: a section's answer, or the error its own route would answer. */
export const sectionLineSchema = z.union([
  sectionAnswerSchema.strict(),
  z.strictObject({ section: z.enum(SECTION_IDS), ...batchLineErrorShape }),
]);
export type SectionLine = z.infer<typeof sectionLineSchema>;

export interface SectionQuery {
  id: string;
  description: QueryDescriptionInput;
}

/** The page's filters, and the merchant's own (by MID) unless `merchant` is false (peers). */
export function pageFilters(mid: string | null, request: SectionRequest): QueryFilter[] {
  const filters: QueryFilter[] = mid === null ? [] : [{ member: 'merchant', operator: 'equals', values: [mid] }];
  if (request.cardBrand) filters.push({ member: 'card_brand', operator: 'equals', values: [request.cardBrand] });
  if (request.cardType) filters.push({ member: 'card_type', operator: 'equals', values: [request.cardType] });
  if (request.channel) filters.push({ member: 'channel', operator: 'equals', values: [request.channel] });
  return filters;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);
/** `today` moved back by whole months, the day clamped to the month's length (31 March − 1 month = 28/29 February). */
export function monthsBefore(today: string, months: number): string {
  const date = day(today);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return isoOf(target);
}
export const daysBefore = (today: string, days: number) => isoOf(new Date(day(today).getTime() - days * 86_400_000));
/** Month to date ending on `end`: [first of its month, end]. */
const monthToDate = (end: string): [string, string] => [`${end.slice(0, 8)}01`, end];

/** The questions of one section (peers are asked by the API, which knows the merchant's MCC and state). */
export function sectionQueries(
  section: Exclude<SectionId, 'peers'>,
  mid: string,
  request: SectionRequest,
  today: string,
): SectionQuery[] {
  const filters = pageFilters(mid, request);
  const ranged = { dimension: 'date' as const, dateRange: request.dateRange };
  const q = (id: string, description: Omit<QueryDescriptionInput, 'filters'>): SectionQuery => ({
    id,
    description: { ...description, filters },
  });
  const byDimension = (
    id: string,
    dimension: QueryDescriptionInput['dimensions'] & object,
    measures: QueryDescriptionInput['measures'],
  ) => q(id, { measures, dimensions: dimension, timeDimension: ranged, limit: 25 });
  switch (section) {
    case 'performance':
      return [
        q('totals', { measures: ['gsv', 'transactions', 'avg_ticket'], timeDimension: ranged }),
        // month on month and year on year: this month to date beside the same days a month and a year
        // before (the dataset's 13 months end with this month, so a whole month a year ago may be missing)
        q('monthToDate', {
          measures: ['gsv', 'transactions', 'avg_ticket'],
          timeDimension: { dimension: 'date', dateRange: monthToDate(today) },
        }),
        q('monthBefore', {
          measures: ['gsv', 'transactions', 'avg_ticket'],
          timeDimension: { dimension: 'date', dateRange: monthToDate(monthsBefore(today, 1)) },
        }),
        q('yearBefore', {
          measures: ['gsv', 'transactions', 'avg_ticket'],
          timeDimension: { dimension: 'date', dateRange: monthToDate(monthsBefore(today, 12)) },
        }),
        q('trend', {
          measures: ['gsv', 'transactions', 'avg_ticket'],
          timeDimension: {
            dimension: 'date',
            granularity: 'month',
            dateRange: [`${monthsBefore(today, 12).slice(0, 8)}01`, today],
          },
        }),
        q('heatmap', {
          measures: ['transactions'],
          dimensions: ['day_of_week', 'hour_of_day'],
          timeDimension: ranged,
          limit: 200,
        }),
      ];
    case 'authorisation':
      return [
        q('totals', {
          measures: ['approval_rate', 'authorisations', 'declines', 'soft_decline_rate', 'hard_decline_rate'],
          timeDimension: ranged,
        }),
        {
          id: 'declines',
          description: {
            measures: ['declines'],
            dimensions: ['decline_code'],
            timeDimension: ranged,
            limit: 25,
            filters: [...filters, { member: 'decline_code', operator: 'set', values: [] }],
          },
        },
        byDimension('brand', ['card_brand'], ['approval_rate', 'authorisations']),
        byDimension('cardType', ['card_type'], ['approval_rate', 'authorisations']),
        byDimension('entryMode', ['entry_mode'], ['approval_rate', 'authorisations']),
        byDimension('issuerCountry', ['issuer_country'], ['approval_rate', 'authorisations']),
      ];
    case 'disputes':
      return [
        q('totals', {
          measures: [
            'chargebacks',
            'chargeback_amount',
            'chargeback_ratio',
            'vamp_ratio',
            'fraud_bps',
            'gsv',
            'chargeback_win_rate',
          ],
          timeDimension: ranged,
        }),
        byDimension('reasons', ['dispute_category'], ['chargebacks', 'chargeback_amount']),
      ];
    case 'economics':
      return [
        q('totals', {
          measures: [
            'billed_fees',
            'interchange',
            'scheme_fees',
            'net_revenue',
            'net_effective_rate_bps',
            'downgrade_leakage',
            'gsv',
          ],
          timeDimension: ranged,
        }),
        byDimension('cardMix', ['card_type'], ['gsv', 'transactions']),
        byDimension('crossBorder', ['cross_border'], ['gsv', 'transactions']),
      ];
  }
}

/** Peers: the same measures for every merchant of the MCC in the state (or region), on the page's range. */
export const PEER_MEASURES = [
  'approval_rate',
  'chargeback_ratio',
  'avg_ticket',
  'net_effective_rate_bps',
  'gsv',
] as const;
/** Fewer peers than this in the state: the region is used. */
export const MIN_STATE_PEERS = 5;

/**
 * The peer questions: the measures by merchant on the page's range, and GSV by merchant over the last 90
 * days and the 90 before (growth). `id`s start with peersInState or peersInRegion.
 */
export function peerQueries(
  mcc: string,
  place: { state: string } | { region: string },
  request: SectionRequest,
  today: string,
): SectionQuery[] {
  const where: QueryFilter =
    'state' in place
      ? { member: 'state', operator: 'equals', values: [place.state] }
      : { member: 'region', operator: 'equals', values: [place.region] };
  const prefix = 'state' in place ? 'peersInState' : 'peersInRegion';
  const filters = [
    { member: 'industry', operator: 'equals', values: [mcc] } as QueryFilter,
    where,
    ...pageFilters(null, request),
  ];
  const gsvOver = (id: string, from: string, to: string): SectionQuery => ({
    id: `${prefix}.${id}`,
    description: {
      measures: ['gsv'],
      dimensions: ['merchant'],
      timeDimension: { dimension: 'date', dateRange: [from, to] },
      filters,
      limit: 10_000,
    },
  });
  return [
    {
      id: prefix,
      description: {
        measures: [...PEER_MEASURES],
        dimensions: ['merchant'],
        timeDimension: { dimension: 'date', dateRange: request.dateRange },
        filters,
        limit: 10_000,
      },
    },
    gsvOver('recent', daysBefore(today, 89), today),
    gsvOver('prior', daysBefore(today, 179), daysBefore(today, 90)),
  ];
}
