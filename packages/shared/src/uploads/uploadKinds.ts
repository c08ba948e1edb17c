// The upload kinds: each column in its fixed order with the rule its values follow. One
// table for the browser's pre-check (checkCsvHead.ts), the API and the engine's validation SQL, so the
// three cannot disagree. Patterns are written for both JavaScript and RE2 (DuckDB's regexp_full_match).

export const UPLOAD_KINDS = ['merchants', 'transactions', 'chargebacks', 'portfolio_nodes'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_KIND_LABELS: Record<UploadKind, string> = {
  merchants: 'Merchants',
  transactions: 'Transactions',
  chargebacks: 'Chargebacks',
  portfolio_nodes: 'Portfolio hierarchy',
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
  known?: 'mcc' | 'state' | 'merchant' | 'reason' | 'agent';
  /** A transaction of the organisation with this tx_ref and mid (chargebacks). */
  transaction?: boolean;
  uniqueInFile?: boolean;
  /** Not already a live merchant (mid) or node (code) of the organisation. */
  uniqueInOrganisation?: 'merchant' | 'node';
  /** The node's place in the hierarchy (parent_code): a known parent, no cycle, no fourth level; checked by the engine. */
  hierarchy?: boolean;
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
    // issue #45: the merchant's agent (a live node of kind agent); empty or left out: a house account
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
  /** parent_code (issue #45): neither a node of the file nor a live node of the organisation. */
  unknownParent: 'is not a node of this file or of this organisation',
  /** The parent's chain comes back to the row's own code. */
  cycle: 'would make a cycle: the node would sit under itself',
  /** The parent is a row of the same file rejected for its own reason. */
  rejectedParent: 'names a node whose own row is rejected',
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
