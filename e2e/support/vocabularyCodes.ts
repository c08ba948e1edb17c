// The codes a person should never read: the values of the fixed vocabularies (visa, cnp, fraud, blended,
// a merchant's status 'processing') whose words differ from the code. Numeric codes (decline codes, MCCs,
// days) are left out: a bare number in a cell is as likely a count.
import { DIMENSION_VALUE_LABELS, MERCHANT_STATUS_LABELS } from '@payportal/shared/analytics';

export const VOCABULARY_CODES: ReadonlySet<string> = new Set(
  [...Object.values(DIMENSION_VALUE_LABELS), MERCHANT_STATUS_LABELS]
    .flatMap((words) => Object.entries(words))
    .filter(([code, text]) => code !== text && !/^\d+$/.test(code) && code !== 'true' && code !== 'false')
    .map(([code]) => code),
);

/** The texts (each a whole cell, value or label) that are a vocabulary's code instead of its words. */
export const codesAmong = (texts: readonly string[]): string[] =>
  texts.map((text) => text.trim()).filter((text) => VOCABULARY_CODES.has(text));
