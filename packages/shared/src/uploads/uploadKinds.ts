// The upload kinds: each column in its fixed order with the rule its values follow. One
// table for the browser's pre-check (checkCsvHead.ts), the API and the engine's validation SQL, so the
// three cannot disagree. Patterns are written for both JavaScript and RE2 (DuckDB's regexp_full_match).

export const UPLOAD_KINDS = [
  'merchants',
  'transactions',
  'chargebacks',
  'portfolio_nodes',
  'schedule_a',
  'residual_splits',
  'residual_adjustments',
  'dispute_events',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_KIND_LABELS: Record<UploadKind, string> = {
  merchants: 'Merchants',
  transactions: 'Transactions',
  chargebacks: 'Chargebacks',
  portfolio_nodes: 'Portfolio hierarchy',
  schedule_a: 'Schedule A',
  residual_splits: 'Residual splits',
  residual_adjustments: 'Residual adjustments',
  dispute_events: 'Dispute events',
};

/**
 * What a value must look like. `pattern` is checked on the trimmed text; `positive` also needs a value
 * above zero; `date`/`timestamp` must also be a real calendar day; `known` is looked up in the engine's
 * reference tables (mcc, state) or the organisation's merchants (mid); `uniqueInFile` and `declineCode`
 * need more than one cell and are checked by the engine (and on the pre-check's rows where it can).
 */
export interface ColumnRule {
  name: string;
  /** An empty cell is allowed (decline_code, whose rule depends on auth_result; parent_code; agent_code). */
  optional?: boolean;
  /**
   * The kind's last column, which a file may leave out altogether (header and every row): the file is then
   * read as if each of its cells were empty (docs/UPLOADS.md "Optional columns"). Only the last columns may be.
   */
  trailing?: boolean;
  pattern?: string;
  reason: string;
  positive?: boolean;
  date?: boolean;
  timestamp?: boolean;
  known?: 'mcc' | 'state' | 'merchant' | 'reason' | 'agent' | 'node' | 'dispute';
  /** A transaction of the organisation with this tx_ref and mid (chargebacks). */
  transaction?: boolean;
  uniqueInFile?: boolean;
  /** Not already a live merchant (mid) or node (code) of the organisation. */
  uniqueInOrganisation?: 'merchant' | 'node';
  /** The node's place in the hierarchy (parent_code): a known parent, no cycle, no fourth level; checked by the engine. */
  hierarchy?: boolean;
  /** The shares along the row's agent → sub-ISO chain stay at or below 100 % (share_pct); checked by the engine. */
  chain?: boolean;
  /** The event follows its dispute's last one: not decided yet, dated from its last event to the data's last day (event_date); checked by the engine. */
  disputeStep?: boolean;
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
/** A sub-ISO sits under the organisation; an agent under a sub-ISO or the organisation (three levels with the merchants). */
export const PORTFOLIO_NODE_KINDS = ['sub_iso', 'agent'] as const;

/** What a Schedule A rate multiplies (README "Residuals"): basis points of volume, or dollars per authorisation, settled sale or merchant-month. */
export const SCHEDULE_A_BASES = [
  'bps_of_volume',
  'per_authorisation',
  'per_settled_sale',
  'per_merchant_month',
] as const;
export const SPLIT_BASES = ['net', 'gross'] as const;
export const SPLIT_NET_NEGATIVE = ['pass', 'zero'] as const;
export const ADJUSTMENT_KINDS = ['income', 'expense'] as const;
/** What a processor's file may say happened to a dispute: every event but `received`, which a chargeback brings. */
export const UPLOADED_DISPUTE_EVENTS = [
  'represented',
  'accepted',
  'pre_arbitration_received',
  'pre_arbitration_answered',
  'arbitration_filed',
  'reversed',
  'expired',
  'ruled_won',
  'ruled_lost',
] as const;

const PERCENT = {
  pattern: '100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?',
  reason: 'must be a percentage from 0 to 100 with at most two decimals, such as 60',
};

const NODE_CODE = {
  pattern: '[A-Za-z0-9][A-Za-z0-9._-]{0,39}',
  reason: 'must be a node code of at most 40 letters, digits, dots, dashes or underscores, such as AG-001',
};

export const UPLOAD_COLUMNS: Record<UploadKind, readonly ColumnRule[]> = {
  merchants: [
    { name: 'mid', ...TEXT, uniqueInFile: true, uniqueInOrganisation: 'merchant' },
    { name: 'legal_name', ...TEXT },
    { name: 'dba_name', ...TEXT },
    { name: 'mcc', pattern: '\\d{4}', reason: 'must be 4 digits', known: 'mcc' },
    { name: 'state_code', pattern: '[A-Z]{2}', reason: 'must be a 2-letter state code such as CA', known: 'state' },
    { name: 'onboarded_on', ...DATE },
    { name: 'status', ...oneOf(MERCHANT_STATUSES) },
    // the merchant's agent (a live node of kind agent); empty or left out: a house account
    { name: 'agent_code', ...NODE_CODE, optional: true, trailing: true, known: 'agent' },
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
  // the residuals' inputs; a node is named by its code (empty node_code in schedule_a: the house's)
  schedule_a: [
    { name: 'node_code', ...NODE_CODE, optional: true, known: 'node' },
    {
      name: 'fee_code',
      pattern: '[a-z][a-z0-9_]{0,39}',
      reason: 'must be a fee code of lower-case letters, digits and underscores, such as bin_sponsorship',
    },
    { name: 'basis', ...oneOf(SCHEDULE_A_BASES) },
    {
      name: 'rate',
      pattern: '\\d{1,9}(\\.\\d{1,4})?',
      reason: 'must be a rate of 0 or more with at most four decimals, such as 2.5',
    },
    { name: 'effective_from', ...DATE },
  ],
  residual_splits: [
    { name: 'node_code', ...NODE_CODE, known: 'node' },
    { name: 'mid', ...TEXT, optional: true, known: 'merchant' },
    { name: 'share_pct', ...PERCENT, chain: true },
    { name: 'basis', ...oneOf(SPLIT_BASES) },
    { name: 'net_negative', ...oneOf(SPLIT_NET_NEGATIVE) },
    { name: 'effective_from', ...DATE },
    { name: 'expires_on', ...DATE, optional: true },
    { name: 'after_expiry_pct', ...PERCENT, optional: true },
  ],
  residual_adjustments: [
    { name: 'month', pattern: '\\d{4}-(0[1-9]|1[0-2])', reason: 'must be a month as YYYY-MM' },
    { name: 'node_code', ...NODE_CODE, known: 'node' },
    { name: 'mid', ...TEXT, optional: true, known: 'merchant' },
    { name: 'kind', ...oneOf(ADJUSTMENT_KINDS) },
    { name: 'amount', ...AMOUNT },
    { name: 'memo', ...TEXT },
  ],
  // a decision or step of an existing dispute, as the processor reports it (one row per dispute a file)
  dispute_events: [
    {
      name: 'chargeback_id',
      pattern: '\\d{1,18}',
      reason: 'must be a chargeback id of digits, such as 500000123',
      uniqueInFile: true,
      known: 'dispute',
    },
    { name: 'event_date', ...DATE, disputeStep: true },
    { name: 'event', ...oneOf(UPLOADED_DISPUTE_EVENTS) },
  ],
  portfolio_nodes: [
    { name: 'code', ...NODE_CODE, uniqueInFile: true, uniqueInOrganisation: 'node' },
    { name: 'parent_code', ...NODE_CODE, optional: true, hierarchy: true },
    { name: 'kind', ...oneOf(PORTFOLIO_NODE_KINDS) },
    { name: 'name', ...TEXT },
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
  existingNode: 'is already a node of this organisation',
  unknownAgent: 'is not an agent of this organisation',
  /** parent_code: neither a node of the file nor a live node of the organisation. */
  unknownParent: 'is not a node of this file or of this organisation',
  /** The parent's chain comes back to the row's own code. */
  cycle: 'would make a cycle: the node would sit under itself',
  /** The parent is a row of the same file rejected for its own reason. */
  rejectedParent: 'names a node whose own row is rejected',
  unknownNode: 'is not a node of this organisation',
  /** share_pct: with the other level's largest share, over 100 % for some merchant. */
  chainOver100: 'would make the shares along its agent → sub-ISO chain exceed 100 %',
  unknownDispute: 'is not a dispute of this organisation',
  /** event_date: the dispute's last event already ended it. */
  disputeDecided: 'follows a dispute that is already decided',
  disputeEventTooEarly: "is before the dispute's last event",
  afterLastDay: "is after the data's last day",
  /** A sub-ISO with a parent, or an agent under an agent. */
  fourthLevel:
    'would make a fourth level: a sub-ISO sits under the organisation, an agent under a sub-ISO or the organisation',
} as const;

/** The template a user downloads: the header row, then one example row. */
export const UPLOAD_TEMPLATE_EXAMPLES: Record<UploadKind, string> = {
  merchants: 'M-10001,Example Trading LLC,Example Coffee,5812,CA,2025-01-15,processing,AG-001',
  transactions: 'T-000001,M-10001,2026-03-01T14:05:00Z,12.50,USD,visa,credit,contactless,approved,',
  chargebacks: 'T-000001,M-10001,2026-03-20,12.50,10.4,first',
  portfolio_nodes: 'SI-001,,sub_iso,Example Sub-ISO\r\nAG-001,SI-001,agent,Example Agent',
  schedule_a: ',bin_sponsorship,bps_of_volume,2,2026-01-01\r\nSI-001,authorisation,per_authorisation,0.05,2026-01-01',
  residual_splits: 'AG-001,,60,net,zero,2026-01-01,,\r\nSI-001,,10,net,zero,2026-01-01,2027-01-01,5',
  residual_adjustments: '2026-03,AG-001,M-10001,expense,25.00,Terminal shipped',
  dispute_events: '500000123,2026-03-28,represented\r\n500000456,2026-04-02,ruled_won',
};

/** The columns a file of the kind carries: every one, or without the trailing optional ones when its header leaves them out. */
export function fileColumns(kind: UploadKind, header: readonly string[]): readonly ColumnRule[] {
  const names = header.map((name) => name.trim());
  return UPLOAD_COLUMNS[kind].filter((rule) => !rule.trailing || names.includes(rule.name));
}

/** A header row of the kind: every column, or (`withTrailing` false) without the optional last ones. */
export function uploadHeader(kind: UploadKind, withTrailing = true): string {
  return UPLOAD_COLUMNS[kind]
    .filter((rule) => withTrailing || !rule.trailing)
    .map((rule) => rule.name)
    .join(',');
}

export function uploadTemplate(kind: UploadKind): string {
  return `${UPLOAD_COLUMNS[kind].map((column) => column.name).join(',')}\r\n${UPLOAD_TEMPLATE_EXAMPLES[kind]}\r\n`;
}
