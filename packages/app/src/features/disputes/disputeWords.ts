// How the desk names networks and stages on screen (the API's ids are lower-case words).
import { formatCell } from '@payportal/shared/analytics';
import type { DISPUTE_NETWORKS, DISPUTE_STAGES, DISPUTE_STATUSES, DisputeCategory } from '@payportal/shared/disputes';

export const NETWORK_NAMES: Record<(typeof DISPUTE_NETWORKS)[number], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export const STAGE_NAMES: Record<(typeof DISPUTE_STAGES)[number], string> = {
  first: 'First chargeback',
  pre_arbitration: 'Pre-arbitration',
  arbitration: 'Arbitration',
};

export const CATEGORY_NAMES: Record<DisputeCategory, string> = {
  fraud: 'Fraud',
  authorization: 'Authorisation',
  processing: 'Processing error',
  consumer: 'Consumer dispute',
};

export const STATUS_NAMES: Record<(typeof DISPUTE_STATUSES)[number], string> = {
  needs_response: 'Needs response',
  awaiting: 'Answered, awaiting the other side',
  decided: 'Decided',
};

/** A network or desk event id (`pre_arbitration_received`) in words ("Pre arbitration received"). */
export const eventWords = (event: string) => {
  const words = event.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const formatAmount = (amount: number) => formatCell(amount, { type: 'number', format: 'money' });

/** 'YYYY-MM-DD' as "29 Nov 2026" (read as a UTC day, so it never shifts with the browser's zone). */
export const formatDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
