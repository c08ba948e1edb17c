// For the scoped-book tests of both packages: an object whose numbers are matched to the cent, its other
// fields exactly. A book's figures and the organisation's figures of the same merchants are the same
// sums of doubles, added in no fixed order, so they agree to the cent, not to the last bit.
import { expect } from 'vitest';

export const closeNumbers = <T extends object>(row: T) =>
  expect.objectContaining(
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? expect.closeTo(value, 2) : value]),
    ),
  );
