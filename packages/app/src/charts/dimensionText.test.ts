// What a chart or table shows for a dimension's value: words for the fixed vocabularies, Mon … Sun for
// the weekday, and null (format it yourself) for any other dimension.
import { describe, expect, it } from 'vitest';
import { dimensionText } from './dimensionText.ts';

describe('dimension text', () => {
  it('names a decline code with its words, as an MCC is named', () => {
    expect(dimensionText('decline_code', '51')).toBe('51 Insufficient funds');
    expect(dimensionText('decline_code', 'N7')).toBe('N7 Decline for CVV2 failure');
    // an uploaded file may carry a code the reference list does not hold
    expect(dimensionText('decline_code', 'Z9')).toBe('Z9');
  });

  it('names the weekday, the card, industry, dispute and country vocabularies, and leaves other dimensions to the caller', () => {
    expect(dimensionText('day_of_week', '7')).toBe('Sun');
    expect(dimensionText('card_tier', 'commercial')).toBe('Commercial');
    expect(dimensionText('industry', '5812')).toBe('5812 Eating Places and Restaurants');
    expect(dimensionText('dispute_category', 'consumer')).toBe('Consumer dispute');
    expect(dimensionText('cross_border', 'true')).toBe('Cross-border');
    expect(dimensionText('issuer_country', 'GB')).toBe('GB United Kingdom');
    expect(dimensionText('industry_group', 'Food & Dining')).toBeNull();
    expect(dimensionText(undefined, 'x')).toBeNull();
    // names an object already has are not vocabularies or words
    expect(dimensionText('constructor', 'x')).toBeNull();
    expect(dimensionText('card_brand', 'toString')).toBe('toString');
  });
});
