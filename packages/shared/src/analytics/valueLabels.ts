// The words a person reads for the values of the dimensions with a fixed vocabulary (and
// §4, the catalogue): the query API keeps the codes (visa, cnp); charts, tables, filters, the merchant
// page, the statement PDF and CSV files "with labels" show these (app charts/dimensionText.ts).
import type { DimensionId } from './catalogue.ts';
import { DECLINE_CODE_DESCRIPTIONS } from './declineCodes.ts';
import { DISPUTE_REASON_DESCRIPTIONS } from './disputeReasonCodes.ts';
import { INDUSTRY_NAMES } from './industryNames.ts';
import { PLAN_TYPE_LABELS } from '../optimizer/optimizerSegment.ts';

/** "51 Insufficient funds", "5812 Eating Places and Restaurants": the code first, as the values route labels it. */
const codeAndWords = (words: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(words).map(([code, text]) => [code, `${code} ${text}`]));

export const DIMENSION_VALUE_LABELS = {
  card_brand: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' },
  card_type: { credit: 'Credit', debit: 'Debit', prepaid: 'Prepaid' },
  card_tier: { standard: 'Standard', rewards: 'Rewards', premium: 'Premium', commercial: 'Commercial' },
  entry_mode: {
    chip: 'Chip',
    contactless: 'Contactless',
    swipe: 'Swipe',
    keyed: 'Keyed',
    ecom: 'E-commerce',
    recurring: 'Recurring',
  },
  channel: { cp: 'Card present', cnp: 'Card not present' },
  decline_code: codeAndWords(DECLINE_CODE_DESCRIPTIONS),
  industry: codeAndWords(INDUSTRY_NAMES),
  network: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' },
  reason_code: codeAndWords(DISPUTE_REASON_DESCRIPTIONS),
  dispute_stage: { first: 'First chargeback', pre_arbitration: 'Pre-arbitration', arbitration: 'Arbitration' },
  dispute_category: {
    fraud: 'Fraud',
    authorization: 'Authorisation',
    processing: 'Processing error',
    consumer: 'Consumer dispute',
  },
  pricing_plan_type: PLAN_TYPE_LABELS,
  size_tier: {
    '<100k': 'Under $100k',
    '100k-1M': '$100k–1M',
    '1M-5M': '$1M–5M',
    '5M-20M': '$5M–20M',
    '20M+': '$20M and over',
  },
  risk_tier: { low: 'Low', medium: 'Medium', high: 'High' },
  cross_border: { true: 'Cross-border', false: 'Domestic' },
  day_of_week: { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday' },
} as const satisfies Partial<Record<DimensionId, Readonly<Record<string, string>>>>;

/** A merchant's status (the merchants table and the upload of merchants), in words. */
export const MERCHANT_STATUS_LABELS: Readonly<Record<string, string>> = {
  processing: 'Processing',
  not_processing: 'Not processing',
  closed: 'Closed',
};

/**
 * The dimensions whose values are already what a person reads: names (industry group, region,
 * merchant, sub-ISO, agent), identifiers people use as they are (MID, merchant number, state code), dates and the
 * hour (00 … 23). Every other dimension has a vocabulary above or is named by the country list.
 */
export const DIMENSIONS_NAMED_BY_VALUE: ReadonlySet<DimensionId> = new Set<DimensionId>([
  'date',
  'industry_group',
  'region',
  'state',
  'merchant',
  'merchant_name',
  'merchant_id',
  'hour_of_day',
  'sub_iso',
  'agent',
]);

let countries: Intl.DisplayNames | undefined;

/**
 * The words for a value of `dimension`, or null when its vocabulary does not hold the value (an
 * uploaded file's own decline code) or the dimension has none (DIMENSIONS_NAMED_BY_VALUE).
 * Issuer countries read "GB United Kingdom", from the runtime's list of region names.
 */
export function dimensionValueLabel(dimension: string, value: string): string | null {
  if (dimension === 'issuer_country') {
    if (!/^[A-Z]{2}$/.test(value)) return null;
    countries ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const name = countries.of(value);
    return name ? `${value} ${name}` : null;
  }
  if (!Object.hasOwn(DIMENSION_VALUE_LABELS, dimension)) return null;
  const words: Readonly<Record<string, string>> =
    DIMENSION_VALUE_LABELS[dimension as keyof typeof DIMENSION_VALUE_LABELS];
  return Object.hasOwn(words, value) ? words[value]! : null;
}

/** Whether the dimension's values are shown in words (a vocabulary or the country list). */
export function hasValueLabels(dimension: string): boolean {
  return dimension === 'issuer_country' || Object.hasOwn(DIMENSION_VALUE_LABELS, dimension);
}

const vocabularies = new Map<string, ReadonlyMap<string, string> | null>();

/**
 * Every value of `dimension` with its words (issuer countries: every two-letter region the runtime
 * names), or null when the dimension has no vocabulary: for writers that map a whole column at once (an
 * export's SQL), where dimensionValueLabel serves one value.
 */
export function dimensionVocabulary(dimension: string): ReadonlyMap<string, string> | null {
  if (!hasValueLabels(dimension)) return null;
  let vocabulary = vocabularies.get(dimension);
  if (vocabulary === undefined) {
    const codes =
      dimension === 'issuer_country'
        ? Array.from({ length: 26 * 26 }, (_, index) =>
            String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26)),
          )
        : Object.keys(DIMENSION_VALUE_LABELS[dimension as keyof typeof DIMENSION_VALUE_LABELS]);
    vocabulary = new Map(
      codes.flatMap((code) => {
        const words = dimensionValueLabel(dimension, code);
        return words === null ? [] : [[code, words] as const];
      }),
    );
    vocabularies.set(dimension, vocabulary);
  }
  return vocabulary;
}
