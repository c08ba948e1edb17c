// ISO 8583 response codes of declined authorisations with the mix. `soft` follows Visa's
// retry categories: a soft decline may be approved on a later retry (category 2: insufficient funds,
// limits, issuer unavailable, suspected fraud held for review); a hard one never will (category 1:
// closed, lost, stolen, not permitted) or not without new data (category 3: expired, wrong CVV2).
// Their words are shared (charts name a code by them).
import { DECLINE_CODE_DESCRIPTIONS } from '@payportal/shared/analytics';

export interface DeclineCode {
  code: string;
  description: string;
  soft: boolean;
  /** Percent of declines. */
  share: number;
}

const MIX: readonly Omit<DeclineCode, 'description'>[] = [
  { code: '51', soft: true, share: 40 },
  { code: '05', soft: true, share: 28 },
  { code: '54', soft: false, share: 8 },
  { code: '59', soft: true, share: 4 },
  { code: '63', soft: false, share: 2 },
  { code: '57', soft: false, share: 3 },
  { code: '58', soft: false, share: 2 },
  { code: '14', soft: false, share: 4 },
  { code: '61', soft: true, share: 2 },
  { code: '65', soft: true, share: 1 },
  { code: '41', soft: false, share: 1 },
  { code: '43', soft: false, share: 1 },
  { code: '91', soft: true, share: 1 },
  { code: '96', soft: true, share: 1 },
  { code: '12', soft: false, share: 0.5 },
  { code: '62', soft: true, share: 0.5 },
  { code: 'N7', soft: false, share: 0.5 },
  { code: '1A', soft: true, share: 0.5 },
];

export const DECLINE_CODES: readonly DeclineCode[] = MIX.map((code) => ({
  ...code,
  description: DECLINE_CODE_DESCRIPTIONS[code.code]!,
}));
