// ISO 8583 response codes of declined authorisations with the mix of DATA.md §4. `soft` follows Visa's
// retry categories: a soft decline may be approved on a later retry (category 2: insufficient funds,
// limits, issuer unavailable, suspected fraud held for review); a hard one never will (category 1:
// closed, lost, stolen, not permitted) or not without new data (category 3: expired, wrong CVV2).

export interface DeclineCode {
  code: string;
  description: string;
  soft: boolean;
  /** Percent of declines (spec §4). */
  share: number;
}

export const DECLINE_CODES: readonly DeclineCode[] = [
  { code: '51', description: 'Insufficient funds', soft: true, share: 40 },
  { code: '05', description: 'Do not honour', soft: true, share: 28 },
  { code: '54', description: 'Expired card', soft: false, share: 8 },
  { code: '59', description: 'Suspected fraud', soft: true, share: 4 },
  { code: '63', description: 'Security violation', soft: false, share: 2 },
  { code: '57', description: 'Transaction not permitted to cardholder', soft: false, share: 3 },
  { code: '58', description: 'Transaction not permitted to terminal', soft: false, share: 2 },
  { code: '14', description: 'Invalid card number', soft: false, share: 4 },
  { code: '61', description: 'Exceeds withdrawal amount limit', soft: true, share: 2 },
  { code: '65', description: 'Exceeds withdrawal frequency limit', soft: true, share: 1 },
  { code: '41', description: 'Lost card, pick up', soft: false, share: 1 },
  { code: '43', description: 'Stolen card, pick up', soft: false, share: 1 },
  { code: '91', description: 'Issuer or switch inoperative', soft: true, share: 1 },
  { code: '96', description: 'System malfunction', soft: true, share: 1 },
  { code: '12', description: 'Invalid transaction', soft: false, share: 0.5 },
  { code: '62', description: 'Restricted card', soft: true, share: 0.5 },
  { code: 'N7', description: 'Decline for CVV2 failure', soft: false, share: 0.5 },
  { code: '1A', description: 'Additional customer authentication required', soft: true, share: 0.5 },
];
