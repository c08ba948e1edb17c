// Dispute reason codes of the four networks grouped in the four categories, with the
// channel each code applies to and its weight within its network and category (model).
import { DISPUTE_REASON_DESCRIPTIONS } from '@payportal/shared/analytics';
import type { CardBrand } from './cardProducts.ts';

export type DisputeCategory = 'fraud' | 'authorization' | 'processing' | 'consumer';

export interface DisputeReason {
  reasonCode: string;
  network: CardBrand;
  category: DisputeCategory;
  description: string;
  /** Card-present only, card-not-present only, or either. */
  channel: 'cp' | 'cnp' | 'any';
  weight: number;
}

/** Category mix of disputes by channel, percent (for CNP; card-present is a model: EMV moved fraud away). */
export const DISPUTE_CATEGORY_MIX: Record<'cp' | 'cnp', readonly [DisputeCategory, number][]> = {
  cnp: [
    ['fraud', 55],
    ['consumer', 30],
    ['processing', 10],
    ['authorization', 5],
  ],
  cp: [
    ['fraud', 20],
    ['consumer', 45],
    ['processing', 25],
    ['authorization', 10],
  ],
};

type Row = [
  code: string,
  network: CardBrand,
  category: DisputeCategory,
  channel: DisputeReason['channel'],
  weight: number,
];

const ROWS: Row[] = [
  ['10.1', 'visa', 'fraud', 'cp', 3],
  ['10.2', 'visa', 'fraud', 'cp', 2],
  ['10.3', 'visa', 'fraud', 'cp', 5],
  ['10.4', 'visa', 'fraud', 'cnp', 20],
  ['10.5', 'visa', 'fraud', 'any', 0.2],
  ['11.1', 'visa', 'authorization', 'any', 1],
  ['11.2', 'visa', 'authorization', 'any', 3],
  ['11.3', 'visa', 'authorization', 'any', 4],
  ['12.1', 'visa', 'processing', 'any', 2],
  ['12.2', 'visa', 'processing', 'any', 0.5],
  ['12.3', 'visa', 'processing', 'any', 0.5],
  ['12.4', 'visa', 'processing', 'any', 0.5],
  ['12.5', 'visa', 'processing', 'any', 3],
  ['12.6.1', 'visa', 'processing', 'any', 4],
  ['12.6.2', 'visa', 'processing', 'any', 2],
  ['12.7', 'visa', 'processing', 'any', 0.5],
  ['13.1', 'visa', 'consumer', 'any', 8],
  ['13.2', 'visa', 'consumer', 'cnp', 5],
  ['13.3', 'visa', 'consumer', 'any', 6],
  ['13.4', 'visa', 'consumer', 'any', 0.5],
  ['13.5', 'visa', 'consumer', 'any', 1],
  ['13.6', 'visa', 'consumer', 'any', 4],
  ['13.7', 'visa', 'consumer', 'any', 3],
  ['4837', 'mastercard', 'fraud', 'cnp', 10],
  ['4863', 'mastercard', 'fraud', 'any', 4],
  ['4840', 'mastercard', 'fraud', 'cp', 1],
  ['4870', 'mastercard', 'fraud', 'cp', 3],
  ['4871', 'mastercard', 'fraud', 'cp', 2],
  ['4849', 'mastercard', 'fraud', 'any', 0.2],
  ['4808', 'mastercard', 'authorization', 'any', 1],
  ['4834', 'mastercard', 'processing', 'any', 3],
  ['4842', 'mastercard', 'processing', 'any', 1],
  ['4853', 'mastercard', 'consumer', 'any', 6],
  ['4841', 'mastercard', 'consumer', 'cnp', 3],
  ['4855', 'mastercard', 'consumer', 'any', 3],
  ['4860', 'mastercard', 'consumer', 'any', 2],
  ['F24', 'amex', 'fraud', 'any', 3],
  ['F29', 'amex', 'fraud', 'cnp', 6],
  ['F30', 'amex', 'fraud', 'cp', 2],
  ['F31', 'amex', 'fraud', 'cp', 1],
  ['A01', 'amex', 'authorization', 'any', 1],
  ['A02', 'amex', 'authorization', 'any', 2],
  ['A08', 'amex', 'authorization', 'any', 1],
  ['P01', 'amex', 'processing', 'any', 0.5],
  ['P03', 'amex', 'processing', 'any', 0.5],
  ['P04', 'amex', 'processing', 'any', 0.5],
  ['P05', 'amex', 'processing', 'any', 2],
  ['P07', 'amex', 'processing', 'any', 1],
  ['P08', 'amex', 'processing', 'any', 2],
  ['P22', 'amex', 'processing', 'any', 0.5],
  ['P23', 'amex', 'processing', 'any', 0.5],
  ['C02', 'amex', 'consumer', 'any', 3],
  ['C04', 'amex', 'consumer', 'any', 2],
  ['C05', 'amex', 'consumer', 'any', 2],
  ['C08', 'amex', 'consumer', 'any', 4],
  ['C14', 'amex', 'consumer', 'any', 1],
  ['C18', 'amex', 'consumer', 'any', 0.5],
  ['C28', 'amex', 'consumer', 'cnp', 2],
  ['C31', 'amex', 'consumer', 'any', 2],
  ['C32', 'amex', 'consumer', 'any', 1],
  ['UA01', 'discover', 'fraud', 'cp', 3],
  ['UA02', 'discover', 'fraud', 'cnp', 5],
  ['UA05', 'discover', 'fraud', 'cp', 1],
  ['UA06', 'discover', 'fraud', 'cp', 1],
  ['AT', 'discover', 'authorization', 'any', 1],
  ['AW', 'discover', 'processing', 'any', 1],
  ['CD', 'discover', 'processing', 'any', 1],
  ['DP', 'discover', 'processing', 'any', 2],
  ['LP', 'discover', 'processing', 'any', 1],
  ['AA', 'discover', 'consumer', 'any', 2],
  ['AP', 'discover', 'consumer', 'cnp', 2],
  ['CR', 'discover', 'consumer', 'any', 1],
  ['NC', 'discover', 'consumer', 'any', 1],
  ['RG', 'discover', 'consumer', 'any', 3],
  ['RM', 'discover', 'consumer', 'any', 2],
  ['RN2', 'discover', 'consumer', 'any', 2],
];

export const DISPUTE_REASONS: readonly DisputeReason[] = ROWS.map(
  ([reasonCode, network, category, channel, weight]) => ({
    reasonCode,
    network,
    category,
    channel,
    weight,
    description: DISPUTE_REASON_DESCRIPTIONS[reasonCode]!,
  }),
);
