// Where foreign cards come from (model: the US's largest sources of inbound card spend). A foreign card
// is cross-border for every merchant here, since all generated merchants are in the US.

export const HOME_COUNTRY = 'US';

export const FOREIGN_ISSUER_COUNTRIES: readonly (readonly [country: string, percent: number])[] = [
  ['CA', 22],
  ['GB', 14],
  ['MX', 12],
  ['DE', 7],
  ['FR', 6],
  ['JP', 6],
  ['CN', 5],
  ['AU', 4],
  ['IN', 4],
  ['BR', 4],
  ['ES', 3],
  ['IT', 3],
  ['NL', 3],
  ['KR', 3],
  ['IE', 2],
  ['CH', 2],
];
