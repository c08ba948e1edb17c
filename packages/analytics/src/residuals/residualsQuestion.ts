// What the residuals API asks an engine (README "Residuals") and what it answers. Money is in dollars
// with cents (whole cents divided by 100, so every figure is exact to the cent); shares in percent.

/** A complete month as 'YYYY-MM': the running month and later ones are refused (ResidualsMonthOpenError). */
export type ResidualsQuestion =
  /** The portfolio's summary; null for a caller scoped to a node (the house's figures are not theirs). */
  | { kind: 'portfolio'; month: string }
  /** One partner's statement by its code; null when the node is unknown or outside the caller's scope. */
  | { kind: 'statement'; month: string; node: string }
  /**
   * Every line of the month with the nodes, adjustments, and the Schedule A and split versions in force:
   * what closing a month freezes. Null for a caller scoped to a node (it holds every book).
   */
  | { kind: 'month'; month: string }
  /**
   * The Schedule A and split versions in force in the month with the nodes they name: the caller's
   * book's only when scoped (its node and a sub-ISO's agents; never the house's own Schedule A).
   */
  | { kind: 'versions'; month: string };

export interface ResidualLine {
  mid: string;
  name: string;
  /** The merchant's agent and sub-ISO codes; null for a house account (and a sub-ISO for an agent without one). */
  agentCode: string | null;
  subIsoCode: string | null;
  /** Settled sales and their volume (GSV). */
  sales: number;
  volume: number;
  /** Transaction fees + account fees, as the optimizer's P&L bills them. */
  income: number;
  interchange: number;
  schemeFees: number;
  scheduleA: number;
  /** income − interchange − scheme fees − Schedule A. */
  net: number;
  agentSharePct: number;
  agentPayout: number;
  subIsoSharePct: number;
  subIsoPayout: number;
  /** net − the payouts: what the house keeps of this merchant. */
  house: number;
}

export interface ResidualAdjustment {
  mid: string | null;
  kind: 'income' | 'expense';
  amount: number;
  memo: string;
}

/** An adjustment with the code of the node whose statement it is on. */
export interface NodeAdjustment extends ResidualAdjustment {
  nodeCode: string;
}

export interface ResidualNode {
  code: string;
  name: string;
  kind: 'sub_iso' | 'agent';
  parentCode: string | null;
}

export interface NodeStatement {
  month: string;
  node: ResidualNode;
  /** The node's merchants with its own share and payout on each. */
  lines: (ResidualLine & { sharePct: number; payout: number })[];
  adjustments: ResidualAdjustment[];
  totals: {
    merchants: number;
    volume: number;
    income: number;
    net: number;
    payouts: number;
    /** Income adjustments − expense adjustments. */
    adjustments: number;
    /** payouts + adjustments: what the partner is paid. */
    total: number;
  };
  /** A sub-ISO's agents with what each is paid (empty for an agent). */
  children: { code: string; name: string; total: number }[];
}

export interface PortfolioSummary {
  month: string;
  merchants: number;
  sales: number;
  volume: number;
  income: number;
  interchange: number;
  schemeFees: number;
  /** interchange + scheme fees. */
  passThrough: number;
  scheduleA: number;
  net: number;
  payouts: { agents: number; subIsos: number };
  adjustments: { agents: number; subIsos: number };
  /** net − payouts − adjustments: the remainder, rounding included. */
  house: number;
}

/** A Schedule A rate in force: per node (null: the house's) and fee code, its version's effective date. */
export interface ScheduleVersion {
  nodeCode: string | null;
  feeCode: string;
  basis: string;
  rate: number;
  effectiveFrom: string;
  /** The upload that brought it; null for generated rows. */
  uploadId: number | null;
}

/** A split in force: per node and merchant (null: the node's own row). */
export interface SplitVersion {
  nodeCode: string;
  mid: string | null;
  sharePct: number;
  basis: string;
  netNegative: string;
  effectiveFrom: string;
  expiresOn: string | null;
  afterExpiryPct: number | null;
  uploadId: number | null;
}

export interface ResidualMonth {
  month: string;
  nodes: ResidualNode[];
  /** Every merchant line of the month, by mid (house accounts included). */
  lines: ResidualLine[];
  adjustments: NodeAdjustment[];
  schedules: ScheduleVersion[];
  splits: SplitVersion[];
}

/** What priced a month: the nodes and the Schedule A and split versions in force. */
export type ResidualVersions = Pick<ResidualMonth, 'month' | 'nodes' | 'schedules' | 'splits'>;

export type ResidualsAnswer<Q extends ResidualsQuestion> = Q extends { kind: 'portfolio' }
  ? PortfolioSummary | null
  : Q extends { kind: 'month' }
    ? ResidualMonth | null
    : Q extends { kind: 'versions' }
      ? ResidualVersions | null
      : NodeStatement | null;

/** The running month or a later one: not complete, so it has no statement yet. */
export class ResidualsMonthOpenError extends Error {
  constructor(readonly month: string) {
    super(`The month ${month} is not complete yet.`);
    this.name = 'ResidualsMonthOpenError';
  }
}
