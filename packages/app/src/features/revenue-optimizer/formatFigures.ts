// How the optimizer writes its figures: dollars to the cent with a sign where a change is meant, rates
// in bps to one decimal, hazards in percent, periods in words.
import { spanText } from '@payportal/shared/analytics';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const tenths = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const money = (value: number) => dollars.format(value);
export const signedMoney = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${dollars.format(Math.abs(value))}`;
export const count = (value: number) => whole.format(value);
/** "61.7 bps", "2,985.1 bps": grouped as every other figure. */
export const bps = (value: number | null) => (value === null ? '—' : `${tenths.format(value)} bps`);
export const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
/** An answer's period, [first day, last day]: "1 Nov 2025 – 31 Oct 2026". */
export const periodText = (period: readonly [string, string]) => spanText(period[0], period[1]);
