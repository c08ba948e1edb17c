// Short numbers for axes and labels, in the catalogue's formats (money, count, percent, bps): axes
// have little room, so $1.2M rather than $1,234,567.89. Tooltips and tables use formatCell in full.
import type { QueryColumn } from '@payportal/shared/analytics';

// Three significant digits: an axis that hugs its values steps by 50K near $1.6M, and one decimal
// labelled $1.65M and $1.7M both "$1.7M".
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });
// A rate axis that hugs its values can step by a few thousandths of a point (97.500 %, 97.505 %, …):
// with two decimals, neighbouring ticks would read alike.
const tickPercent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 4 });

export function axisFormat(format: QueryColumn['format']): (value: number) => string {
  switch (format) {
    case 'money':
      return (value) => `${value < 0 ? '−' : ''}$${compact.format(Math.abs(value))}`;
    case 'percent':
      return (value) => percent.format(value);
    case 'bps':
      return (value) => `${compact.format(value)} bps`;
    default:
      return (value) => compact.format(value);
  }
}

/** An axis's tick labels: as axisFormat, with a rate's ticks keeping the decimals that tell them apart. */
export function tickFormat(format: QueryColumn['format']): (value: number) => string {
  return format === 'percent' ? (value) => tickPercent.format(value) : axisFormat(format);
}
