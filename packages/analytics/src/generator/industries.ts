// The industry taxonomy with the per-MCC distributions. The columns of the
// `industries` table come first; the rest shapes generation only (how often the MCC occurs, its
// seasonality, its hour-of-day curve, refunds, cross-border and recurring shares). An MCC's name is
// the shared vocabulary's (INDUSTRY_NAMES), which charts and exports read too.
import { INDUSTRY_NAMES } from '@payportal/shared/analytics';

export type RiskClass = 'low' | 'medium' | 'high';
/** Month and weekday shape of daily volume; see calendarProfiles.ts. */
export type SeasonProfile = 'flat' | 'retail' | 'travel' | 'restaurant' | 'weekday';
/** Hour-of-day curve of card-present sales; card-not-present sales use 'online' or 'billing'. */
export type HourProfile = 'dining' | 'nightlife' | 'quick' | 'retail' | 'fuel' | 'office' | 'online' | 'billing';
/** MCC-specific interchange programme family (the programme follows the MCC). */
export type ProgramFamily = 'general' | 'supermarket' | 'fuel' | 'utility' | 'charity' | 'education';
/** Every family, 'general' first: the programme lookups are built over all of them. */
export const PROGRAM_FAMILIES: readonly ProgramFamily[] = [
  'general',
  'supermarket',
  'fuel',
  'utility',
  'charity',
  'education',
];

export interface Industry {
  mcc: string;
  name: string;
  industryGroupId: number;
  riskClass: RiskClass;
  /** Share of the MCC's sales made with the card present. */
  cardPresentShare: number;
  /** Median ticket in dollars and the σ of its log (lognormal). */
  ticketMedian: number;
  ticketSigma: number;
  /** Chargebacks per card-not-present sale; card-present sales use CARD_PRESENT_CHARGEBACK_RATE. */
  chargebackRate: number;
  /** Relative number of merchants with this MCC. */
  weight: number;
  season: SeasonProfile;
  hours: HourProfile;
  /** Refunds per sale (1.5 %, apparel and electronics 5 %, restaurants 0.3 %). */
  refundRate: number;
  /** Share of sales on foreign-issued cards (2–5 % overall, 15–30 % travel, lodging, digital). */
  crossBorderShare: number;
  /** Share of card-not-present sales that are merchant-initiated recurring charges. */
  recurringShare: number;
  family: ProgramFamily;
  /**
   * Tip MCCs: how far a settled amount may exceed the authorised one without a downgrade (Visa and
   * Mastercard allow 20 % at restaurants, bars, taxis, beauty shops and spas); 0 elsewhere, where a
   * settled amount that differs from the authorised one downgrades the sale.
   */
  tipTolerance: number;
  /** Share of the MCC's card-present sales that carry a tip (model; 0 outside tip MCCs). */
  tipShare: number;
  /**
   * A business-to-business MCC, whose commercial-card buyers expect Level 2/3 data (tax, customer code,
   * line items) and whose invoicing and gateways mostly send it (model; GENERATOR.md).
   */
  b2b: boolean;
  /** Words for generated business names ("Maple Grill"). */
  nouns: readonly string[];
}

export const INDUSTRY_GROUPS = [
  { industryGroupId: 1, name: 'Food & Dining' },
  { industryGroupId: 2, name: 'Grocery & Convenience' },
  { industryGroupId: 3, name: 'Fuel & Automotive' },
  { industryGroupId: 4, name: 'General Retail' },
  { industryGroupId: 5, name: 'Specialty Retail' },
  { industryGroupId: 6, name: 'Health & Personal Care' },
  { industryGroupId: 7, name: 'Travel & Transport' },
  { industryGroupId: 8, name: 'Professional Services' },
  { industryGroupId: 9, name: 'Utilities & Telecom' },
  { industryGroupId: 10, name: 'Digital & Subscription' },
  { industryGroupId: 11, name: 'Entertainment' },
  { industryGroupId: 12, name: 'Education & Nonprofit' },
  { industryGroupId: 13, name: 'Elevated Risk' },
] as const;

/**
 * Card-present chargebacks per sale by risk class (0.02–0.10 %). Times the card-present
 * spread below, every merchant's rate stays in the spec's range (0.0225–0.1 %), so no mix of merchants
 * can leave it.
 */
export const CARD_PRESENT_CHARGEBACK_RATE: Record<RiskClass, number> = { low: 0.0003, medium: 0.0005, high: 0.0008 };
/** A merchant's chargeback rate is its MCC's (CNP) or risk class's (CP) times a uniform factor in this range (model). */
export const CHARGEBACK_SPREAD = { cp: { min: 0.75, max: 1.25 }, cnp: { min: 0.7, max: 1.3 } } as const;

type Row = [
  mcc: string,
  group: number,
  risk: RiskClass,
  cpShare: number,
  median: number,
  sigma: number,
  chargebackRate: number,
  weight: number,
  season: SeasonProfile,
  hours: HourProfile,
  nouns: string,
];

// Ticket medians anchor on (fast food $12, restaurants $38, grocery $42, fuel $45, department
// $65, electronics $180, lodging $260, airlines $350, legal $600, digital $9, subscriptions $20); the
// other MCCs, the weights and the card-present shares are modelling choices.
const ROWS: Row[] = [
  ['5812', 1, 'low', 0.88, 38, 0.6, 0.003, 9, 'restaurant', 'dining', 'Grill|Bistro|Kitchen|Table'],
  ['5813', 1, 'low', 0.95, 28, 0.65, 0.003, 3, 'restaurant', 'nightlife', 'Tavern|Taproom|Lounge'],
  ['5814', 1, 'low', 0.9, 12, 0.5, 0.003, 5, 'restaurant', 'quick', 'Burgers|Tacos|Express|Cafe'],
  ['5411', 2, 'low', 0.95, 42, 0.8, 0.003, 4, 'flat', 'retail', 'Market|Foods|Grocers'],
  ['5499', 2, 'low', 0.97, 14, 0.6, 0.003, 4, 'flat', 'quick', 'Corner Store|Deli|Mart'],
  ['5921', 2, 'low', 0.93, 32, 0.6, 0.004, 2, 'retail', 'retail', 'Wine & Spirits|Liquors|Cellars'],
  ['5541', 3, 'low', 0.99, 45, 0.45, 0.004, 3, 'flat', 'fuel', 'Fuel|Gas & Go|Service Station'],
  ['5542', 3, 'low', 1, 45, 0.4, 0.004, 1, 'flat', 'fuel', 'Fuel Stop|Pumps'],
  ['5533', 3, 'low', 0.8, 55, 0.8, 0.004, 2, 'retail', 'retail', 'Auto Parts|Motor Supply'],
  ['7538', 3, 'low', 0.9, 240, 0.8, 0.004, 4, 'weekday', 'office', 'Auto Repair|Garage|Tire & Brake'],
  ['5310', 4, 'medium', 0.85, 48, 0.8, 0.005, 1, 'retail', 'retail', 'Discount|Outlet|Bargains'],
  ['5311', 4, 'medium', 0.7, 65, 0.8, 0.005, 0.5, 'retail', 'retail', 'Department Store|Emporium'],
  ['5331', 4, 'medium', 0.95, 22, 0.7, 0.005, 1.5, 'retail', 'retail', 'Variety|Five & Dime|General Store'],
  ['5999', 4, 'medium', 0.5, 45, 0.9, 0.006, 8, 'retail', 'retail', 'Goods|Supply Co|Shop|Trading'],
  ['5200', 5, 'medium', 0.8, 95, 0.9, 0.005, 1, 'retail', 'retail', 'Home Supply|Lumber|Hardware'],
  ['5651', 5, 'medium', 0.6, 60, 0.7, 0.005, 3, 'retail', 'retail', 'Outfitters|Apparel|Threads'],
  ['5661', 5, 'medium', 0.6, 75, 0.6, 0.005, 1.5, 'retail', 'retail', 'Shoes|Footwear|Boot Co'],
  ['5732', 5, 'medium', 0.5, 180, 0.9, 0.006, 2, 'retail', 'retail', 'Electronics|Audio|Tech'],
  ['5941', 5, 'medium', 0.6, 70, 0.8, 0.005, 2, 'retail', 'retail', 'Sports|Outdoors|Athletics'],
  ['5912', 6, 'low', 0.95, 28, 0.8, 0.003, 1.5, 'flat', 'retail', 'Pharmacy|Drug|Apothecary'],
  ['7230', 6, 'low', 0.97, 40, 0.6, 0.003, 6, 'flat', 'retail', 'Salon|Barbers|Hair Studio'],
  ['7298', 6, 'low', 0.9, 95, 0.6, 0.004, 2.5, 'flat', 'retail', 'Spa|Wellness|Day Spa'],
  ['8011', 6, 'low', 0.75, 150, 0.9, 0.003, 4, 'weekday', 'office', 'Medical Group|Family Practice|Clinic'],
  ['8021', 6, 'low', 0.8, 210, 0.9, 0.003, 3, 'weekday', 'office', 'Dental|Orthodontics|Smiles'],
  ['4121', 7, 'medium', 0.8, 24, 0.6, 0.006, 1.5, 'flat', 'fuel', 'Cab Co|Limousine|Car Service'],
  ['4511', 7, 'medium', 0.03, 350, 0.7, 0.009, 0.2, 'travel', 'online', 'Air|Airways|Aviation'],
  ['4722', 7, 'high', 0.1, 480, 0.9, 0.011, 1, 'travel', 'online', 'Travel|Tours|Getaways'],
  ['7011', 7, 'medium', 0.45, 260, 0.7, 0.008, 2, 'travel', 'retail', 'Inn|Hotel|Lodge|Suites'],
  ['7512', 7, 'medium', 0.35, 190, 0.7, 0.009, 0.5, 'travel', 'fuel', 'Car Rental|Rent-A-Car'],
  ['7399', 8, 'medium', 0.3, 220, 1, 0.004, 5, 'weekday', 'office', 'Business Services|Solutions|Partners'],
  ['8111', 8, 'medium', 0.25, 600, 0.8, 0.004, 2, 'weekday', 'office', 'Law Group|Legal|Attorneys'],
  ['8931', 8, 'low', 0.2, 320, 0.8, 0.003, 2, 'weekday', 'office', 'Accounting|CPAs|Bookkeeping'],
  ['4814', 9, 'medium', 0.1, 65, 0.6, 0.005, 0.6, 'flat', 'online', 'Wireless|Telecom|Mobile'],
  ['4899', 9, 'medium', 0.05, 95, 0.5, 0.005, 0.3, 'flat', 'online', 'Cable|Satellite TV|Broadband'],
  ['4900', 9, 'low', 0.05, 130, 0.6, 0.003, 0.4, 'flat', 'online', 'Power|Water District|Utilities'],
  ['5815', 10, 'medium', 0, 9, 0.7, 0.022, 0.6, 'flat', 'online', 'Media|Streaming|Reads'],
  ['5816', 10, 'medium', 0, 9, 0.8, 0.03, 0.6, 'flat', 'online', 'Games|Play|Arcade'],
  ['5817', 10, 'medium', 0, 9, 0.7, 0.025, 0.6, 'flat', 'online', 'Apps|Software|Labs'],
  ['5818', 10, 'medium', 0, 12, 0.8, 0.02, 0.2, 'flat', 'online', 'Digital|Online Store'],
  ['5968', 10, 'high', 0, 20, 0.5, 0.035, 1, 'flat', 'online', 'Box|Club|Subscriptions'],
  ['7372', 10, 'medium', 0.02, 45, 1, 0.012, 2, 'flat', 'online', 'Software|Cloud|Data Systems'],
  ['7832', 11, 'low', 0.6, 24, 0.6, 0.004, 0.3, 'restaurant', 'nightlife', 'Cinema|Theaters|Picture House'],
  ['7922', 11, 'medium', 0.15, 85, 0.8, 0.008, 0.8, 'flat', 'online', 'Tickets|Productions|Stage'],
  ['7997', 11, 'medium', 0.5, 60, 0.7, 0.006, 1.5, 'flat', 'retail', 'Fitness|Athletic Club|Golf Club'],
  ['7999', 11, 'medium', 0.6, 42, 0.8, 0.006, 2.5, 'travel', 'retail', 'Adventures|Recreation|Fun Park'],
  ['8220', 12, 'low', 0.15, 850, 1, 0.003, 0.5, 'weekday', 'office', 'College|Institute|University'],
  ['8299', 12, 'low', 0.35, 160, 0.9, 0.004, 2, 'weekday', 'office', 'Academy|Learning|School'],
  ['8398', 12, 'low', 0.1, 60, 1, 0.004, 1.5, 'retail', 'online', 'Foundation|Fund|Charities'],
  ['5122', 13, 'high', 0.1, 85, 0.8, 0.012, 0.4, 'flat', 'online', 'Pharma|Rx Supply|Health Direct'],
  ['5967', 13, 'high', 0, 55, 0.8, 0.015, 0.3, 'flat', 'online', 'Direct|Teleservices|Call Center'],
  ['5993', 13, 'high', 0.95, 30, 0.6, 0.006, 1, 'flat', 'quick', 'Smoke Shop|Cigars|Vapor'],
  ['6051', 13, 'high', 0.2, 180, 1, 0.02, 0.2, 'flat', 'online', 'Exchange|Money Services|Coin'],
  ['7995', 13, 'high', 0.4, 45, 1, 0.015, 0.3, 'flat', 'nightlife', 'Gaming|Sportsbook|Lottery'],
];

const REFUND_RATE: Record<string, number> = {
  '5651': 0.05,
  '5661': 0.05,
  '5732': 0.05,
  '5812': 0.003,
  '5813': 0.003,
  '5814': 0.003,
};
const CROSS_BORDER_SHARE: Record<string, number> = {
  '4121': 0.08,
  '4511': 0.25,
  '4722': 0.2,
  '7011': 0.22,
  '7512': 0.18,
  '5815': 0.2,
  '5816': 0.22,
  '5817': 0.2,
  '5818': 0.2,
  '5968': 0.15,
  '7372': 0.15,
  '6051': 0.25,
  '7995': 0.1,
  '8220': 0.15,
  '7999': 0.05,
  '5812': 0.03,
};
const RECURRING_SHARE: Record<string, number> = {
  '4814': 0.7,
  '4899': 0.8,
  '4900': 0.6,
  '5968': 0.85,
  '5815': 0.3,
  '5816': 0.15,
  '5817': 0.35,
  '5818': 0.3,
  '7372': 0.6,
  '7997': 0.7,
  '8398': 0.4,
  '8299': 0.3,
  '8220': 0.2,
  '8011': 0.1,
  '7399': 0.3,
  '8931': 0.3,
  '8111': 0.1,
};
// The MCCs the schemes' reduced-rate programmes are restricted to (interchangePrograms.ts). Government
// (9211–9399) and transit (4111, 4131) programmes exist too, but has no such MCC.
const FAMILY: Record<string, ProgramFamily> = {
  '5411': 'supermarket',
  '5541': 'fuel',
  '5542': 'fuel',
  '4900': 'utility',
  '8398': 'charity',
  '8220': 'education',
};
/** Tip MCCs and the share of their card-present sales with a tip (model: diners and bars tip most). */
const TIP_SHARE: Record<string, number> = { '5812': 0.75, '5813': 0.7, '4121': 0.6, '7230': 0.6, '7298': 0.5 };
const TIP_TOLERANCE = 0.2;
/** Business-to-business MCCs (model): business, legal and accounting services, software, wholesale drugs, home supply warehouses, auto repair. */
const B2B_MCCS = new Set(['7399', '8111', '8931', '7372', '5122', '5200', '7538']);

export const INDUSTRIES: readonly Industry[] = ROWS.map(
  ([
    mcc,
    industryGroupId,
    riskClass,
    cardPresentShare,
    ticketMedian,
    ticketSigma,
    chargebackRate,
    weight,
    season,
    hours,
    nouns,
  ]) => ({
    mcc,
    name: INDUSTRY_NAMES[mcc]!,
    industryGroupId,
    riskClass,
    cardPresentShare,
    ticketMedian,
    ticketSigma,
    chargebackRate,
    weight,
    season,
    hours,
    refundRate: REFUND_RATE[mcc] ?? 0.015,
    crossBorderShare: CROSS_BORDER_SHARE[mcc] ?? 0.02,
    recurringShare: RECURRING_SHARE[mcc] ?? 0.02,
    family: FAMILY[mcc] ?? 'general',
    tipTolerance: mcc in TIP_SHARE ? TIP_TOLERANCE : 0,
    tipShare: TIP_SHARE[mcc] ?? 0,
    b2b: B2B_MCCS.has(mcc),
    nouns: nouns.split('|'),
  }),
);
