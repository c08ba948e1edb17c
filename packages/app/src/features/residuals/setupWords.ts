// What /residuals/setup says of a Schedule A rate, a split and an upload kind.
import type { ResidualSetup } from '@payportal/shared/residuals';
import { formatMoney } from './residualWords.ts';

type Schedule = ResidualSetup['schedules'][number];
type Split = ResidualSetup['splits'][number];

export const FEE_NAMES: Record<string, string> = {
  bin_sponsorship: 'BIN sponsorship',
  authorisation: 'Authorisation',
  settlement: 'Settlement',
  merchant_account: 'Merchant account',
};

const RATE_UNITS: Record<string, (rate: number) => string> = {
  bps_of_volume: (rate) => `${rate} bps of volume`,
  per_authorisation: (rate) => `${formatMoney(rate)} per authorisation`,
  per_settled_sale: (rate) => `${formatMoney(rate)} per settled sale`,
  per_merchant_month: (rate) => `${formatMoney(rate)} per merchant a month`,
};

export const rateText = (row: Schedule) =>
  (RATE_UNITS[row.basis] ?? ((rate: number) => `${rate} ${row.basis}`))(row.rate);

export const sourceText = (uploadId: number | null) => (uploadId === null ? 'Generated data' : `Upload ${uploadId}`);

export function shareText(row: Split): string {
  const share = `${row.share_pct} % of ${row.basis === 'gross' ? 'income' : 'net'}`;
  return row.net_negative === 'pass' ? `${share}, a negative net passed on` : `${share}, nothing on a negative net`;
}

export function expiryText(row: Split): string {
  if (!row.expires_on) return 'No expiry';
  return row.after_expiry_pct === null
    ? `Expires ${row.expires_on}`
    : `${row.after_expiry_pct} % from ${row.expires_on}`;
}

export const UPLOAD_KIND_NAMES = {
  schedule_a: 'Schedule A',
  residual_splits: 'Residual splits',
  residual_adjustments: 'Residual adjustments',
} as const;
