// What a representment usually needs, by reason category (Visa's groups; the other networks' codes map
// onto them). Guidance for the analyst, not a rule the API enforces.
import type { REASON_CATEGORIES } from '@payportal/shared/disputes';

type ReasonCategory = (typeof REASON_CATEGORIES)[number];

export const CATEGORY_NAMES: Record<ReasonCategory, string> = {
  fraud: 'Fraud',
  authorisation: 'Authorisation',
  processing: 'Processing error',
  consumer: 'Consumer dispute',
};

export const EVIDENCE_CHECKLIST: Record<ReasonCategory, readonly string[]> = {
  fraud: [
    'Authorisation record with the 3-D Secure or CVV result',
    'Proof the cardholder took part: delivery to their address, login or device history',
    'Earlier undisputed sales with the same card and details',
  ],
  authorisation: [
    'Authorisation approval code and date for the sale',
    'Proof the sale was submitted within the authorisation’s validity',
  ],
  processing: [
    'Sale receipt showing amount, currency and date',
    'Proof the sale was presented once (no duplicate) and on time',
    'Credit already issued, if any',
  ],
  consumer: [
    'Proof of delivery or of the service rendered',
    'Terms of sale and refund policy the cardholder accepted',
    'Correspondence with the cardholder',
  ],
};
