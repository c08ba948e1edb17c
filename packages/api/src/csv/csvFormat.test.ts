import type { QueryColumn } from '@payportal/shared/analytics';
import { describe, expect, it } from 'vitest';
import { createCsvEncoder, formatNumber } from './csvFormat.ts';

const columns: QueryColumn[] = [
  { name: 'date', label: 'Date', type: 'date', format: null },
  { name: 'merchant', label: 'Merchant', type: 'string', format: null },
  { name: 'gsv', label: 'Gross sales volume', type: 'number', format: 'money' },
];

describe('CSV text', () => {
  it('[X11] writes RFC 4180: CRLF lines, quotes doubled, fields with commas, quotes or line breaks quoted', () => {
    const encoder = createCsvEncoder(columns, { header: 'labels', neutraliseFormulas: true });
    expect(encoder.header).toBe('Date,Merchant,Gross sales volume\r\n');
    expect(encoder.encode([['2026-10-01', 'Bob\'s "Bar", Inc.\nLine 2', 1234.5]])).toBe(
      '2026-10-01,"Bob\'s ""Bar"", Inc.\nLine 2",1234.5\r\n',
    );
    expect(encoder.encode([[null, null, null]])).toBe(',,\r\n');
  });

  it('[X11] writes ids in the header when asked', () => {
    expect(createCsvEncoder(columns, { header: 'ids', neutraliseFormulas: true }).header).toBe('date,merchant,gsv\r\n');
  });

  it('[X12] neutralises text cells that start like a formula, and leaves negative numbers numbers', () => {
    const encoder = createCsvEncoder(columns, { header: 'ids', neutraliseFormulas: true });
    const cells = ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR', 'plain'];
    const lines = cells.map((cell) => encoder.encode([['2026-10-01', cell, -12.5]]));
    expect(lines).toEqual([
      '2026-10-01,"\'=HYPERLINK(""http://x"")",-12.5\r\n',
      "2026-10-01,'+1,-12.5\r\n",
      "2026-10-01,'-2+3,-12.5\r\n",
      "2026-10-01,'@SUM(A1),-12.5\r\n",
      "2026-10-01,'\tTab,-12.5\r\n",
      '2026-10-01,"\'\rCR",-12.5\r\n',
      '2026-10-01,plain,-12.5\r\n',
    ]);
    const off = createCsvEncoder(columns, { header: 'ids', neutraliseFormulas: false });
    expect(off.encode([['2026-10-01', '=1+1', -1]])).toBe('2026-10-01,=1+1,-1\r\n');
  });

  it('[X11] writes numbers with a dot, no thousands separators and never an exponent', () => {
    expect(formatNumber(1234567.89)).toBe('1234567.89');
    expect(formatNumber(-0.5)).toBe('-0.5');
    expect(formatNumber(1e21)).toBe('1000000000000000000000');
    expect(formatNumber(1.5e-7)).toBe('0.00000015');
    expect(formatNumber(-0.000012)).toBe('-0.000012');
    expect(formatNumber(1e16)).toBe('10000000000000000');
    expect(formatNumber(12345678901234568)).toBe('12345678901234568');
    expect(formatNumber(100)).toBe('100');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});
