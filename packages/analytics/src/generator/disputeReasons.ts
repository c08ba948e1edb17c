// Dispute reason codes of the four networks grouped in the four categories, with the
// channel each code applies to and its weight within its network and category (model).
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
  description: string,
];

const ROWS: Row[] = [
  ['10.1', 'visa', 'fraud', 'cp', 3, 'EMV Liability Shift Counterfeit Fraud'],
  ['10.2', 'visa', 'fraud', 'cp', 2, 'EMV Liability Shift Non-Counterfeit Fraud'],
  ['10.3', 'visa', 'fraud', 'cp', 5, 'Other Fraud - Card-Present Environment'],
  ['10.4', 'visa', 'fraud', 'cnp', 20, 'Other Fraud - Card-Absent Environment'],
  ['10.5', 'visa', 'fraud', 'any', 0.2, 'Visa Fraud Monitoring Program'],
  ['11.1', 'visa', 'authorization', 'any', 1, 'Card Recovery Bulletin'],
  ['11.2', 'visa', 'authorization', 'any', 3, 'Declined Authorization'],
  ['11.3', 'visa', 'authorization', 'any', 4, 'No Authorization'],
  ['12.1', 'visa', 'processing', 'any', 2, 'Late Presentment'],
  ['12.2', 'visa', 'processing', 'any', 0.5, 'Incorrect Transaction Code'],
  ['12.3', 'visa', 'processing', 'any', 0.5, 'Incorrect Currency'],
  ['12.4', 'visa', 'processing', 'any', 0.5, 'Incorrect Account Number'],
  ['12.5', 'visa', 'processing', 'any', 3, 'Incorrect Amount'],
  ['12.6.1', 'visa', 'processing', 'any', 4, 'Duplicate Processing'],
  ['12.6.2', 'visa', 'processing', 'any', 2, 'Paid by Other Means'],
  ['12.7', 'visa', 'processing', 'any', 0.5, 'Invalid Data'],
  ['13.1', 'visa', 'consumer', 'any', 8, 'Merchandise/Services Not Received'],
  ['13.2', 'visa', 'consumer', 'cnp', 5, 'Cancelled Recurring Transaction'],
  ['13.3', 'visa', 'consumer', 'any', 6, 'Not as Described or Defective Merchandise/Services'],
  ['13.4', 'visa', 'consumer', 'any', 0.5, 'Counterfeit Merchandise'],
  ['13.5', 'visa', 'consumer', 'any', 1, 'Misrepresentation'],
  ['13.6', 'visa', 'consumer', 'any', 4, 'Credit Not Processed'],
  ['13.7', 'visa', 'consumer', 'any', 3, 'Cancelled Merchandise/Services'],
  ['4837', 'mastercard', 'fraud', 'cnp', 10, 'No Cardholder Authorization'],
  ['4863', 'mastercard', 'fraud', 'any', 4, 'Cardholder Does Not Recognize - Potential Fraud'],
  ['4840', 'mastercard', 'fraud', 'cp', 1, 'Fraudulent Processing of Transactions'],
  ['4870', 'mastercard', 'fraud', 'cp', 3, 'Chip Liability Shift'],
  ['4871', 'mastercard', 'fraud', 'cp', 2, 'Chip/PIN Liability Shift - Lost/Stolen/NRI Fraud'],
  ['4849', 'mastercard', 'fraud', 'any', 0.2, 'Questionable Merchant Activity'],
  ['4808', 'mastercard', 'authorization', 'any', 1, 'Authorization-Related Chargeback'],
  ['4834', 'mastercard', 'processing', 'any', 3, 'Point-of-Interaction Error'],
  ['4842', 'mastercard', 'processing', 'any', 1, 'Late Presentment'],
  ['4853', 'mastercard', 'consumer', 'any', 6, 'Cardholder Dispute'],
  ['4841', 'mastercard', 'consumer', 'cnp', 3, 'Cancelled Recurring or Digital Goods Transactions'],
  ['4855', 'mastercard', 'consumer', 'any', 3, 'Goods or Services Not Provided'],
  ['4860', 'mastercard', 'consumer', 'any', 2, 'Credit Not Processed'],
  ['F24', 'amex', 'fraud', 'any', 3, 'No Card Member Authorization'],
  ['F29', 'amex', 'fraud', 'cnp', 6, 'Card Not Present'],
  ['F30', 'amex', 'fraud', 'cp', 2, 'EMV Counterfeit'],
  ['F31', 'amex', 'fraud', 'cp', 1, 'EMV Lost/Stolen/Non-Received'],
  ['A01', 'amex', 'authorization', 'any', 1, 'Charge Amount Exceeds Authorization Amount'],
  ['A02', 'amex', 'authorization', 'any', 2, 'No Valid Authorization'],
  ['A08', 'amex', 'authorization', 'any', 1, 'Authorization Approval Expired'],
  ['P01', 'amex', 'processing', 'any', 0.5, 'Unassigned Card Number'],
  ['P03', 'amex', 'processing', 'any', 0.5, 'Credit Processed as Charge'],
  ['P04', 'amex', 'processing', 'any', 0.5, 'Charge Processed as Credit'],
  ['P05', 'amex', 'processing', 'any', 2, 'Incorrect Charge Amount'],
  ['P07', 'amex', 'processing', 'any', 1, 'Late Submission'],
  ['P08', 'amex', 'processing', 'any', 2, 'Duplicate Charge'],
  ['P22', 'amex', 'processing', 'any', 0.5, 'Non-Matching Card Number'],
  ['P23', 'amex', 'processing', 'any', 0.5, 'Currency Discrepancy'],
  ['C02', 'amex', 'consumer', 'any', 3, 'Credit Not Processed'],
  ['C04', 'amex', 'consumer', 'any', 2, 'Goods/Services Returned or Refused'],
  ['C05', 'amex', 'consumer', 'any', 2, 'Goods/Services Cancelled'],
  ['C08', 'amex', 'consumer', 'any', 4, 'Goods/Services Not Received or Only Partially Received'],
  ['C14', 'amex', 'consumer', 'any', 1, 'Paid by Other Means'],
  ['C18', 'amex', 'consumer', 'any', 0.5, '"No Show" or CARDeposit Cancelled'],
  ['C28', 'amex', 'consumer', 'cnp', 2, 'Cancelled Recurring Billing'],
  ['C31', 'amex', 'consumer', 'any', 2, 'Goods/Services Not as Described'],
  ['C32', 'amex', 'consumer', 'any', 1, 'Goods/Services Damaged or Defective'],
  ['UA01', 'discover', 'fraud', 'cp', 3, 'Fraud - Card Present Transaction'],
  ['UA02', 'discover', 'fraud', 'cnp', 5, 'Fraud - Card Not Present Transaction'],
  ['UA05', 'discover', 'fraud', 'cp', 1, 'Fraud - Chip Counterfeit Transaction'],
  ['UA06', 'discover', 'fraud', 'cp', 1, 'Fraud - Chip and PIN Transaction'],
  ['AT', 'discover', 'authorization', 'any', 1, 'Authorization Noncompliance'],
  ['AW', 'discover', 'processing', 'any', 1, 'Altered Amount'],
  ['CD', 'discover', 'processing', 'any', 1, 'Credit/Debit Posted Incorrectly'],
  ['DP', 'discover', 'processing', 'any', 2, 'Duplicate Processing'],
  ['LP', 'discover', 'processing', 'any', 1, 'Late Presentation'],
  ['AA', 'discover', 'consumer', 'any', 2, 'Cardholder Does Not Recognize'],
  ['AP', 'discover', 'consumer', 'cnp', 2, 'Cancelled Recurring Transaction'],
  ['CR', 'discover', 'consumer', 'any', 1, 'Cancelled Reservation'],
  ['NC', 'discover', 'consumer', 'any', 1, 'Not Classified'],
  ['RG', 'discover', 'consumer', 'any', 3, 'Non-Receipt of Goods or Services'],
  ['RM', 'discover', 'consumer', 'any', 2, 'Quality Discrepancy'],
  ['RN2', 'discover', 'consumer', 'any', 2, 'Credit Not Received'],
];

export const DISPUTE_REASONS: readonly DisputeReason[] = ROWS.map(
  ([reasonCode, network, category, channel, weight, description]) => ({
    reasonCode,
    network,
    category,
    channel,
    weight,
    description,
  }),
);
