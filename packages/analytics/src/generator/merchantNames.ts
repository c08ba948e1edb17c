// Word lists for generated merchant names: a DBA is "<place word> <industry noun>" (the nouns live with
// each MCC in industries.ts), a legal name "<family name> <entity word> <suffix>".

export const NAME_PREFIXES = [
  'Maple',
  'Oak',
  'Harbor',
  'Summit',
  'Riverside',
  'Golden',
  'Blue Sky',
  'Main Street',
  'Cedar',
  'Pioneer',
  'Lakeside',
  'Evergreen',
  'Sunset',
  'Redwood',
  'Liberty',
  'Northside',
  'Union',
  'Silver',
  'Cornerstone',
  'Prairie',
  'Bayview',
  'Hilltop',
  'Magnolia',
  'Copper',
  'Granite',
  'Willow',
  'Aspen',
  'Highland',
  'Meadow',
  'Coastal',
] as const;

export const LEGAL_FAMILY_NAMES = [
  'Anderson',
  'Nguyen',
  'Garcia',
  'Patel',
  'Johnson',
  'Kim',
  'Martinez',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Cohen',
  'Murphy',
  'Singh',
  'Lopez',
  'Walker',
  'Chen',
  'Davis',
  'Silva',
  'Khan',
  'Brooks',
] as const;

export const LEGAL_ENTITY_WORDS = ['Enterprises', 'Holdings', 'Group', 'Ventures', 'Partners', 'Brothers'] as const;

export const LEGAL_SUFFIXES = ['LLC', 'Inc.', 'Corp.', 'Co.', 'LP'] as const;

export const CLOSE_REASONS: readonly (readonly [reason: string, percent: number])[] = [
  ['out_of_business', 35],
  ['switched_provider', 30],
  ['pricing', 15],
  ['merchant_request', 15],
  ['risk_terminated', 5],
];
