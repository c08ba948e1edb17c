// A dimension's value as charts and tables show it: days of the week as Mon … Sun (timeParts.ts), the
// fixed vocabularies in words (shared valueLabels.ts: "American Express", "Card not present"); null
// when the dimension has no such words, so the caller formats the value itself.
import { DIMENSION_VALUE_LABELS } from '@payportal/shared';
import { timePartAxis } from './timeParts.ts';

export function dimensionText(dimension: string | undefined, value: string): string | null {
  const part = timePartAxis(dimension);
  if (part) return part.label(value);
  if (dimension === undefined || !Object.hasOwn(DIMENSION_VALUE_LABELS, dimension)) return null;
  const words: Readonly<Record<string, string>> = DIMENSION_VALUE_LABELS[dimension as keyof typeof DIMENSION_VALUE_LABELS];
  // A value outside the vocabulary (an uploaded file's own decline code) reads as itself.
  return Object.hasOwn(words, value) ? words[value]! : value;
}
