// The last merchants this browser opened on /amla, newest first, at most 6. Names and
// MIDs only (no figures), kept in localStorage; a blocked storage (some frames) simply keeps none.
import type { MerchantMatch } from '@payportal/shared/merchants';

const KEY = 'payportal.recentMerchants';
const MAX = 6;

export function recentMerchants(): MerchantMatch[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as MerchantMatch[]).slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberMerchant(merchant: MerchantMatch): void {
  try {
    const others = recentMerchants().filter((item) => item.merchantId !== merchant.merchantId);
    localStorage.setItem(KEY, JSON.stringify([merchant, ...others].slice(0, MAX)));
  } catch {
    // storage refused: nothing to remember
  }
}
