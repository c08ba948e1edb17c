import { describe, expect, it } from 'vitest';
import { formatCell, formatRows } from './formatCell.ts';

const number = (format: 'money' | 'count' | 'percent' | 'bps' | null) => ({ type: 'number' as const, format });

describe('formatCell: the catalogue formats', () => {
  it.each([
    [1234567.5, number('money'), '$1,234,567.50'],
    [98765, number('count'), '98,765'],
    [0.93125, number('percent'), '93.13%'],
    [42.25, number('bps'), '42.3 bps'],
    [1.23456789, number(null), '1.2346'],
  ])('%s as %o → %s', (value, column, shown) => expect(formatCell(value, column)).toBe(shown));

  it('shows text and dates as they are, booleans as Yes/No and a missing value as a dash', () => {
    expect(formatCell('2026-04-01', { type: 'date', format: null })).toBe('2026-04-01');
    expect(formatCell(true, { type: 'boolean', format: null })).toBe('Yes');
    expect(formatCell(null, number('money'))).toBe('—');
  });

  it('counts rows in prose', () => {
    expect(formatRows(1)).toBe('1 row');
    expect(formatRows(1234)).toBe('1,234 rows');
  });
});
