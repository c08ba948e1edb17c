// The words a person reads for the values of the dimensions with a fixed vocabulary (DATA.md §2 and
// §4, the catalogue): the query API and the CSV files keep the codes (visa, cnp); charts, tables and
// filters show these (app charts/dimensionText.ts).
import { DECLINE_CODE_DESCRIPTIONS } from './declineCodes.ts';

export const DIMENSION_VALUE_LABELS = {
  card_brand: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' },
  card_type: { credit: 'Credit', debit: 'Debit', prepaid: 'Prepaid' },
  card_tier: { standard: 'Standard', rewards: 'Rewards', premium: 'Premium', commercial: 'Commercial' },
  entry_mode: { chip: 'Chip', contactless: 'Contactless', swipe: 'Swipe', keyed: 'Keyed', ecom: 'E-commerce', recurring: 'Recurring' },
  channel: { cp: 'Card present', cnp: 'Card not present' },
  /** "51 Insufficient funds", as an MCC reads "5812 Restaurants". */
  decline_code: Object.fromEntries(Object.entries(DECLINE_CODE_DESCRIPTIONS).map(([code, words]) => [code, `${code} ${words}`])),
} as const satisfies Record<string, Record<string, string>>;
