// A dimension's value as charts and tables show it: days of the week as Mon … Sun (timeParts.ts), the
// fixed vocabularies and issuer countries in words (shared valueLabels.ts: "American Express", "Card
// not present", "5812 Eating Places and Restaurants"); null when the dimension has no such words, so
// the caller formats the value itself.
import { dimensionValueLabel, hasValueLabels } from '@payportal/shared/analytics';
import { timePartAxis } from './timeParts.ts';

export function dimensionText(dimension: string | undefined, value: string): string | null {
  const part = timePartAxis(dimension);
  if (part) return part.label(value);
  if (dimension === undefined || !hasValueLabels(dimension)) return null;
  // A value outside the vocabulary (an uploaded file's own decline code) reads as itself.
  return dimensionValueLabel(dimension, value) ?? value;
}
