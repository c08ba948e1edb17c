// The sections of the merchant-level page (issue #16 item 3) as ordinary query descriptions with a
// merchant filter, so every figure comes from the one query API (DESIGN.md §8) and a test can ask the
// same question there. The page's date range and filters (card brand, card type, channel) apply to all.
import { z } from 'zod';
import type { QueryDescriptionInput, QueryFilter } from '../analytics/queryDescription.ts';
import { dateRangeSchema, queryResultSchema } from '../analytics/queryDescription.ts';

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

/** The questions of one section (peers are asked by the API, which knows the merchant's MCC and state). */
export function sectionQueries(section: Exclude<SectionId, 'peers'>, mid: string, request: SectionRequest): SectionQuery[] {
  const filters = pageFilters(mid, request);
  const ranged = { dimension: 'date' as const, dateRange: request.dateRange };
  const q = (id: string, description: Omit<QueryDescriptionInput, 'filters'>): SectionQuery => ({ id, description: { ...description, filters } });
  const byDimension = (id: string, dimension: QueryDescriptionInput['dimensions'] & object, measures: QueryDescriptionInput['measures']) =>
    q(id, { measures, dimensions: dimension, timeDimension: ranged, limit: 25 });
  switch (section) {
    case 'performance':
      return [
        q('totals', { measures: ['gsv', 'transactions', 'avg_ticket'], timeDimension: ranged }),
        // the 13 months of the dataset: month-on-month and year-on-year come from the same rows
        q('trend', { measures: ['gsv', 'transactions', 'avg_ticket'], timeDimension: { dimension: 'date', granularity: 'month' } }),
      ];
    case 'authorisation':
      return [
        q('totals', { measures: ['approval_rate', 'authorisations', 'declines', 'soft_decline_rate', 'hard_decline_rate'], timeDimension: ranged }),
        byDimension('declines', ['decline_code'], ['declines']),
        byDimension('brand', ['card_brand'], ['approval_rate', 'authorisations']),
        byDimension('cardType', ['card_type'], ['approval_rate', 'authorisations']),
        byDimension('entryMode', ['entry_mode'], ['approval_rate', 'authorisations']),
        byDimension('issuerCountry', ['issuer_country'], ['approval_rate', 'authorisations']),
      ];
    case 'disputes':
      return [
        q('totals', { measures: ['chargebacks', 'chargeback_amount', 'chargeback_ratio', 'vamp_ratio', 'fraud_bps', 'gsv'], timeDimension: ranged }),
        byDimension('reasons', ['dispute_category'], ['chargebacks', 'chargeback_amount']),
      ];
    case 'economics':
      return [
        q('totals', {
          measures: ['billed_fees', 'interchange', 'scheme_fees', 'net_revenue', 'net_effective_rate_bps', 'downgrade_leakage', 'gsv'],
          timeDimension: ranged,
        }),
        byDimension('cardMix', ['card_type'], ['gsv', 'transactions']),
        byDimension('crossBorder', ['cross_border'], ['gsv', 'transactions']),
      ];
  }
}

/** Peers: the same measures for every merchant of the MCC in the state (or region), on the page's range. */
export const PEER_MEASURES = ['approval_rate', 'chargeback_ratio', 'avg_ticket', 'net_effective_rate_bps', 'gsv'] as const;
/** Fewer peers than this in the state: the region is used. */
export const MIN_STATE_PEERS = 5;

export function peerQuery(mcc: string, place: { state: string } | { region: string }, request: SectionRequest): SectionQuery {
  const where: QueryFilter = 'state' in place ? { member: 'state', operator: 'equals', values: [place.state] } : { member: 'region', operator: 'equals', values: [place.region] };
  return {
    id: 'state' in place ? 'peersInState' : 'peersInRegion',
    description: {
      measures: [...PEER_MEASURES],
      dimensions: ['merchant'],
      timeDimension: { dimension: 'date', dateRange: request.dateRange },
      filters: [{ member: 'industry', operator: 'equals', values: [mcc] }, where, ...pageFilters(null, request)],
      limit: 10_000,
    },
  };
}
