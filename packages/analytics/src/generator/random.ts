// The generator's pseudo-random stream: every draw is DuckDB's hash() of (row key, a salt naming the
// quantity, the dataset seed), so a value depends only on what it describes and never on row order,
// threads or which other quantities exist (same organisation, scale factor and version →
// same rows). Salts are listed once here so two quantities never share one.

const TWO_POW_52 = 4503599627370496;

/**
 * The last generator version that changed the main stream's draws: a later version that only adds
 * tables (6: the dispute events and the portfolio hierarchy) seeds the existing tables as this one did, so their rows stay
 * byte-identical, and draws what it adds from a stream of its own.
 */
export const MAIN_STREAM_VERSION = 5;

/** The dispute events' own stream (generateDisputeEvents.ts): its draws never move another table's. */
export const DISPUTES_STREAM = 'dispute_events/6';

/** The portfolio hierarchy's own stream (generatePortfolio.ts): its draws never move another table's. */
export const PORTFOLIO_STREAM = 'portfolio_nodes/6';

/** The residual inputs' own stream (generateResiduals.ts): schedules, splits and adjustments. */
export const RESIDUALS_STREAM = 'residuals/6';

export const SALT = {
  mcc: 1,
  state: 2,
  city: 3,
  channelProfile: 4,
  volumeA: 5,
  volumeB: 6,
  ticketA: 7,
  ticketB: 8,
  onboarded: 9,
  onboardedInWindow: 10,
  closed: 11,
  closeReason: 12,
  stopped: 13,
  stoppedOn: 14,
  badActor: 15,
  threeDsUser: 16,
  threeDsShare: 17,
  avsQuality: 18,
  avsMissing: 19,
  lateBatch: 20,
  fraudRate: 21,
  chargebackRateA: 22,
  chargebackRateB: 23,
  reserve: 24,
  terminals: 25,
  planKind: 26,
  planRate: 27,
  planItem: 28,
  planMonthly: 29,
  planPci: 30,
  planMarkup: 31,
  name: 32,
  noun: 33,
  legal: 34,
  declared: 35,
  riskBump: 36,
  plant: 37,
  amountEditor: 38,
  amountEditRate: 39,
  programRegistration: 40,
  levelDataSender: 41,
  trim: 42,
  // per sale
  channel: 100,
  crossBorder: 101,
  card: 102,
  entryMode: 103,
  threeDs: 104,
  avsMissingDraw: 105,
  avsResult: 106,
  approval: 107,
  declineCode: 108,
  amountA: 109,
  amountB: 110,
  day: 111,
  hour: 112,
  second: 113,
  terminal: 114,
  fraud: 115,
  tipped: 116,
  tipSize: 117,
  amountEdit: 118,
  amountEditSize: 119,
  levelData: 120,
  // per card
  cardProduct: 200,
  cardTier: 201,
  cardRegulated: 202,
  cardBin: 203,
  cardHash: 204,
  cardCountry: 205,
  // per merchant-day
  settleDelay: 300,
  settleLate: 301,
  topUpSales: 302,
  // per refund / chargeback
  refund: 400,
  refundLag: 401,
  refundPartial: 402,
  refundShare: 403,
  refundTime: 404,
  chargeback: 500,
  chargebackLag: 501,
  chargebackCategory: 502,
  chargebackReason: 503,
  chargebackStage: 504,
  chargebackOutcome: 505,
  chargebackPending: 506,
  // the portfolio hierarchy (its own stream, PORTFOLIO_STREAM)
  portfolioHouse: 600,
  portfolioOrder: 601,
  portfolioBook: 602,
  portfolioParent: 603,
  portfolioNames: 604,
  // per chargeback, the dispute events (their own stream, DISPUTES_STREAM)
  disputeRepresent: 700,
  disputeRepresentLag: 701,
  disputeExpire: 702,
  disputeStageLag: 703,
  disputeAnswerLag: 704,
  disputeDecisionLag: 705,
  disputeArbitrationLag: 706,
  // the residual inputs (their own stream, RESIDUALS_STREAM)
  scheduleOwn: 800,
  scheduleBps: 801,
  scheduleAuth: 802,
  scheduleMonthly: 803,
  splitShare: 810,
  splitGross: 811,
  splitPass: 812,
  splitExpires: 813,
  splitExpiresOn: 814,
  splitAfter: 815,
  splitMerchant: 816,
  adjustment: 820,
  adjustmentKind: 821,
  adjustmentAmount: 822,
} as const;

export type Salt = keyof typeof SALT;

/** A uniform in [0, 1) drawn from the key expression(s) for one quantity. */
export function uniform(key: string, salt: Salt, seed: bigint): string {
  return `((hash(${key}, ${SALT[salt]}, ${seed}::ubigint) % ${TWO_POW_52})::double / ${TWO_POW_52})`;
}

/** A standard normal by Box–Muller from two uniforms (1 − u keeps the logarithm finite). */
export function normal(key: string, saltA: Salt, saltB: Salt, seed: bigint): string {
  return `(sqrt(-2 * ln(1 - ${uniform(key, saltA, seed)})) * cos(2 * pi() * ${uniform(key, saltB, seed)}))`;
}

/**
 * The dataset seed: FNV-1a (64 bit) of organisation, scale factor and generator version (or the name
 * of a stream of its own, DISPUTES_STREAM or PORTFOLIO_STREAM), kept below 2^53 so it reads back exactly wherever it is printed.
 */
export function datasetSeed(orgId: number, scaleFactor: number, version: number | string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(`${orgId}|${scaleFactor}|${version}`)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash & 0x1fffffffffffffn;
}
