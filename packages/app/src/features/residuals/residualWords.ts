// What the residuals screens say: money, the month shown first, a node's kind, who closed a month.
import { formatCell } from '@payportal/shared/analytics';
import type { ResidualStatements } from '@payportal/shared/residuals';

export const formatMoney = (amount: number) => formatCell(amount, { type: 'number', format: 'money' });
export const formatCount = (count: number) => count.toLocaleString('en-US');

/** The last complete month ('YYYY-MM') before the browser's UTC today: the first one with a statement. */
export function lastCompleteMonth(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** The month in the page's address (`?month=YYYY-MM`), else the last complete one. */
export function monthFromSearch(search: string): string {
  const month = new URLSearchParams(search).get('month');
  return month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : lastCompleteMonth();
}

export const KIND_NAMES = { sub_iso: 'Sub-ISO', agent: 'Agent' } as const;

export function closingText(closing: ResidualStatements['closing']): string {
  if (!closing) return 'Open: figures are computed from the data as it is now.';
  const day = new Date(closing.closed_at).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Closed on ${day} by ${closing.closed_by}: figures are as frozen at closing.`;
}
