// A dimension's value as charts and tables show it: days of the week as Mon … Sun (timeParts.ts), the
// fixed vocabularies in words (shared valueLabels.ts: "American Express", "Card not present"); null
// when the dimension has no such words, so the caller formats the value itself.
import { DIMENSION_VALUE_LABELS, valueLabel } from '@payportal/shared';
import { timePartAxis } from './timeParts.ts';

export function dimensionText(dimension: string | undefined, value: string): string | null {
  const part = timePartAxis(dimension);
  if (part) return part.label(value);
  return dimension !== undefined && dimension in DIMENSION_VALUE_LABELS ? valueLabel(dimension, value) : null;
}
