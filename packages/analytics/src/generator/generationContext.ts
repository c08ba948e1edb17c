/** What every generation step needs to know about the dataset being generated. */
export interface GenerationContext {
  orgId: number;
  /** From datasetSeed(orgId, scaleFactor, version). */
  seed: bigint;
  /** From datasetSeed(orgId, scaleFactor, DISPUTES_STREAM): the dispute events' own draws. */
  disputesSeed: bigint;
  /** From datasetSeed(orgId, scaleFactor, PORTFOLIO_STREAM): the hierarchy's own draws. */
  portfolioSeed: bigint;
  /** From datasetSeed(orgId, scaleFactor, RESIDUALS_STREAM): the residual inputs' own draws. */
  residualsSeed: bigint;
  merchantCount: number;
  /** Authorisation attempts (approved and declined sales); refunds come on top. */
  transactionCount: number;
  /** First and last day of the 13-month window, 'YYYY-MM-DD'. */
  windowStart: string;
  windowEnd: string;
}

/** Id layout (tables.ts): merchant n → org × 10^7 + n, sale n → org × 10^11 + n. */
export const MERCHANT_ID_BASE = 10_000_000;
export const TX_ID_BASE = 100_000_000_000;
/** Portfolio node n (sub-ISOs first, then agents) → org × 10^7 + n, in portfolio_nodes' own id space. */
export const NODE_ID_BASE = 10_000_000;
/** A refund's id is its sale's id plus this, so ids stay unique and a refund points at its sale. */
export const REFUND_ID_OFFSET = 50_000_000_000;
/** Planted AML rows: org × 10^11 + this + case × 10^6 + n, above sales (< 3 × 10^10 at SF 10,000) and refunds. */
export const PLANTED_ID_OFFSET = 90_000_000_000;
/** The generated sales of the organisation other than the planted copies (which draw no refund or chargeback). */
export const ordinarySale = (orgId: number, column = 'tx_id') =>
  `${column} < ${orgId}::bigint * ${TX_ID_BASE} + ${PLANTED_ID_OFFSET}`;
