// The upload kinds: each column in its fixed order with the rule its values follow. One
// table for the browser's pre-check (checkCsvHead.ts), the API and the engine's validation SQL, so the
// three cannot disagree. Patterns are written for both JavaScript and RE2 (DuckDB's regexp_full_match).

export const UPLOAD_KINDS = ['merchants', 'transactions', 'chargebacks'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_KIND_LABELS: Record<UploadKind, string> = {
  merchants: 'Merchants',
  transactions: 'Transactions',
  chargebacks: 'Chargebacks',
};

/**
 * What a value must look like. `pattern` is checked on the trimmed text; `positive` also needs a value
 * above zero; `date`/`timestamp` must also be a real calendar day; `known` is looked up in the engine's
 * reference tables (mcc, state) or the organisation's merchants (mid); `uniqueInFile` and `declineCode`
 * need more than one cell and are checked by the engine (and on the pre-check's rows where it can).
 */
export interface ColumnRule {
  name: string;
  /** An empty cell is allowed (only decline_code, whose rule depends on auth_result). */
  optional?: boolean;
  pattern?: string;
  reason: string;
  positive?: boolean;
  date?: boolean;
  timestamp?: boolean;
  known?: 'mcc' | 'state' | 'merchant' | 'reason';
  /** A transaction of the organisation with this tx_ref and mid (chargebacks). */
  transaction?: boolean;
  uniqueInFile?: boolean;
  uniqueInOrganisation?: boolean;
  /** Not already loaded by a live upload of the organisation (tx_ref: a sale counts once); checked by the engine. */
  loadedOnce?: boolean;
  declineCode?: boolean;
}

const TEXT = { pattern: '[\\s\\S]{1,200}', reason: 'must be text of at most 200 characters' };
const DATE = { pattern: '\\d{4}-\\d{2}-\\d{2}', date: true, reason: 'must be a date as YYYY-MM-DD' };
const AMOUNT = {
  pattern: '\\d{1,13}(\\.\\d{1,2})?',
  positive: true,
  reason: 'must be an amount above 0 with at most two decimals, such as 12.50',
};
const oneOf = (values: readonly string[]) => ({
  pattern: `(${values.join('|')})`,
  reason: `must be one of ${values.join(', ')}`,
});

export const MERCHANT_STATUSES = ['processing', 'not_processing', 'closed'] as const;
export const UPLOAD_CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
export const UPLOAD_CARD_TYPES = ['credit', 'debit', 'prepaid'] as const;
export const UPLOAD_ENTRY_MODES = ['chip', 'contactless', 'swipe', 'keyed', 'ecom', 'recurring'] as const;
export const CHARGEBACK_STAGES = ['first', 'pre_arbitration', 'arbitration'] as const;

export const UPLOAD_COLUMNS: Record<UploadKind, readonly ColumnRule[]> = {
  merchants: [
    { name: 'mid', ...TEXT, uniqueInFile: true, uniqueInOrganisation: true },
    { name: 'legal_name', ...TEXT },
    { name: 'dba_name', ...TEXT },
    { name: 'mcc', pattern: '\\d{4}', reason: 'must be 4 digits', known: 'mcc' },
    { name: 'state_code', pattern: '[A-Z]{2}', reason: 'must be a 2-letter state code such as CA', known: 'state' },
    { name: 'onboarded_on', ...DATE },
    { name: 'status', ...oneOf(MERCHANT_STATUSES) },
  ],
  transactions: [
    { name: 'tx_ref', ...TEXT, uniqueInFile: true, loadedOnce: true },
    { name: 'mid', ...TEXT, known: 'merchant' },
    {
      name: 'ts',
      pattern: '\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?',
      timestamp: true,
      reason: 'must be an ISO 8601 date and time such as 2026-03-01T14:05:00Z',
    },
    { name: 'amount', ...AMOUNT },
    { name: 'currency', pattern: '[A-Z]{3}', reason: 'must be a 3-letter ISO 4217 currency code such as USD' },
    { name: 'card_brand', ...oneOf(UPLOAD_CARD_BRANDS) },
    { name: 'card_type', ...oneOf(UPLOAD_CARD_TYPES) },
    { name: 'entry_mode', ...oneOf(UPLOAD_ENTRY_MODES) },
    { name: 'auth_result', ...oneOf(['approved', 'declined']) },
    {
      name: 'decline_code',
      optional: true,
      pattern: '[0-9A-Z]{2}',
      declineCode: true,
      reason: 'must be two digits or capital letters, such as 05, when auth_result is declined',
    },
  ],
  chargebacks: [
    { name: 'tx_ref', ...TEXT, transaction: true },
    { name: 'mid', ...TEXT, known: 'merchant' },
    { name: 'received_date', ...DATE },
    { name: 'amount', ...AMOUNT },
    {
      name: 'reason_code',
      pattern: '[0-9A-Za-z.]{1,10}',
      reason: 'must be a dispute reason code such as 10.4',
      known: 'reason',
    },
    { name: 'stage', ...oneOf(CHARGEBACK_STAGES) },
  ],
};

/** The reasons the engine gives beside a column's own rule. */
export const UPLOAD_REJECT_REASONS = {
  required: 'is required',
  unknownMcc: 'is not a known MCC',
  unknownState: 'is not a known state code',
  unknownMerchant: 'is not a merchant of this organisation',
  duplicateInFile: 'appears more than once in the file',
  existingMerchant: 'is already a merchant of this organisation',
  /** decline_code on a row whose auth_result is not declined. */
  approvedDeclineCode: 'must be empty: an approved row must have no decline code',
  /** Followed by the upload's number, file name and date. */
  alreadyLoaded: 'is already loaded by upload',
  unknownTransaction: 'is not a transaction of this merchant',
  unknownReason: 'is not a known dispute reason code',
  badDate: 'is not a real calendar date',
} as const;

/** The template a user downloads: the header row, then one example row. */
export const UPLOAD_TEMPLATE_EXAMPLES: Record<UploadKind, string> = {
  merchants: 'M-10001,Example Trading LLC,Example Coffee,5812,CA,2025-01-15,processing',
  transactions: 'T-000001,M-10001,2026-03-01T14:05:00Z,12.50,USD,visa,credit,contactless,approved,',
  chargebacks: 'T-000001,M-10001,2026-03-20,12.50,10.4,first',
};

export function uploadTemplate(kind: UploadKind): string {
  return `${UPLOAD_COLUMNS[kind].map((column) => column.name).join(',')}\r\n${UPLOAD_TEMPLATE_EXAMPLES[kind]}\r\n`;
}
