// The ISO 8583 response codes of declined authorisations the dataset uses, in words: the
// analytics reference table `decline_codes` is written from them, and charts name a code by them.
export const DECLINE_CODE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '51': 'Insufficient funds',
  '05': 'Do not honour',
  '54': 'Expired card',
  '59': 'Suspected fraud',
  '63': 'Security violation',
  '57': 'Transaction not permitted to cardholder',
  '58': 'Transaction not permitted to terminal',
  '14': 'Invalid card number',
  '61': 'Exceeds withdrawal amount limit',
  '65': 'Exceeds withdrawal frequency limit',
  '41': 'Lost card, pick up',
  '43': 'Stolen card, pick up',
  '91': 'Issuer or switch inoperative',
  '96': 'System malfunction',
  '12': 'Invalid transaction',
  '62': 'Restricted card',
  N7: 'Decline for CVV2 failure',
  '1A': 'Additional customer authentication required',
};
