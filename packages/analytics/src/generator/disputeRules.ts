// The networks' dispute response windows: how many days the answering side has at each stage, and who
// files the stage. One table (`dispute_rules`), the only source of the due dates the generator stores.
// Public defaults (model): Visa Core Rules and Visa Product and Service Rules ("Dispute Resolution":
// 30 days to respond to a dispute and to a pre-arbitration, 10 days to file arbitration after it);
// Mastercard Chargeback Guide (45 days for each cycle; 4808, 4870 and 4871 go to arbitration without a
// pre-arbitration); American Express Merchant Regulations (20 days); Discover Dispute Rules Manual
// (30 days). Real windows vary by reason and region; only this table changes when they do.
import type { CardBrand } from './cardProducts.ts';
import { DISPUTE_REASONS, type DisputeReason } from './disputeReasons.ts';

export type DisputeStage = 'first' | 'pre_arbitration' | 'arbitration';
/** Who files the stage; `none`: the stage does not exist for that reason code. */
export type DisputeFiler = 'issuer' | 'acquirer' | 'either' | 'none';

export interface DisputeRule {
  network: CardBrand;
  stage: DisputeStage;
  /** '' for every reason code of the network; a code overrides that row for itself. */
  reasonCode: string;
  respondDays: number;
  filer: DisputeFiler;
}

type Row = [network: CardBrand, stage: DisputeStage, reasonCode: string, respondDays: number, filer: DisputeFiler];

const visaPreArbitration = (category: DisputeReason['category']): DisputeFiler =>
  // Visa Allocation (fraud 10.x, authorisation 11.x): the acquirer files; Collaboration (12.x, 13.x): the issuer
  category === 'fraud' || category === 'authorization' ? 'acquirer' : 'issuer';

const ROWS: Row[] = [
  ['visa', 'first', '', 30, 'issuer'],
  ['mastercard', 'first', '', 45, 'issuer'],
  ['amex', 'first', '', 20, 'issuer'],
  ['discover', 'first', '', 30, 'issuer'],
  ...DISPUTE_REASONS.filter((r) => r.network === 'visa').map((r): Row => [
    'visa',
    'pre_arbitration',
    r.reasonCode,
    30,
    visaPreArbitration(r.category),
  ]),
  ['mastercard', 'pre_arbitration', '', 45, 'issuer'],
  ...['4808', '4870', '4871'].map((code): Row => ['mastercard', 'pre_arbitration', code, 0, 'none']),
  ['amex', 'pre_arbitration', '', 20, 'issuer'],
  ['discover', 'pre_arbitration', '', 30, 'issuer'],
  ['visa', 'arbitration', '', 10, 'either'],
  ['mastercard', 'arbitration', '', 45, 'either'],
  ['amex', 'arbitration', '', 20, 'either'],
  ['discover', 'arbitration', '', 30, 'either'],
];

export const DISPUTE_RULES: readonly DisputeRule[] = ROWS.map(([network, stage, reasonCode, respondDays, filer]) => ({
  network,
  stage,
  reasonCode,
  respondDays,
  filer,
}));

/** The rule of one stage for one reason code: the code's own row, else its network's. */
export function disputeRule(network: CardBrand, reasonCode: string, stage: DisputeStage): DisputeRule {
  const own = DISPUTE_RULES.find((r) => r.network === network && r.stage === stage && r.reasonCode === reasonCode);
  const rule = own ?? DISPUTE_RULES.find((r) => r.network === network && r.stage === stage && r.reasonCode === '');
  if (!rule) throw new Error(`disputeRules: no ${stage} rule for ${network}`);
  return rule;
}

/** One row per reason code with every stage's window resolved: what the generator's statements join. */
export function disputePathRows(): (string | number | boolean)[][] {
  return DISPUTE_REASONS.map((r) => {
    const pre = disputeRule(r.network, r.reasonCode, 'pre_arbitration');
    return [
      r.network,
      r.reasonCode,
      disputeRule(r.network, r.reasonCode, 'first').respondDays,
      pre.filer !== 'none',
      pre.respondDays,
      pre.filer,
      disputeRule(r.network, r.reasonCode, 'arbitration').respondDays,
    ];
  });
}

export const DISPUTE_PATH_COLUMNS = [
  'network',
  'reason_code',
  'first_days',
  'has_pre_arbitration',
  'pre_days',
  'pre_filer',
  'arbitration_days',
] as const;
