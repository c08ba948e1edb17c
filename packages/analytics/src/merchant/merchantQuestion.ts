// What the merchant-level page asks the engine beyond the query description: the finder,
// the header and the AML signals. Section figures are ordinary query descriptions with a merchant filter.
import type { MerchantHeader, MerchantMatch, SignalResult, WatchedMerchant } from '@payportal/shared/merchants';
import type { MerchantScore } from '../signals/answerSignals.ts';

export type MerchantQuestion =
  | { kind: 'search'; text: string; limit: number }
  | { kind: 'header'; merchantId: number }
  | { kind: 'signals'; merchantId: number }
  | { kind: 'scores' }
  /** Merchants with at least one raised signal, most raised first. */
  | { kind: 'watchlist'; limit: number }
  /** The hierarchy's nodes with their books' sizes (the organisation's whole, whatever the scope: names only, no merchant). */
  | { kind: 'portfolio' };

/** A node of the portfolio hierarchy; `merchants` counts its subtree (a sub-ISO: its agents' books). */
export interface PortfolioNodeRow {
  code: string;
  name: string;
  kind: 'sub_iso' | 'agent';
  parentCode: string | null;
  merchants: number;
}

export interface MerchantAnswers {
  search: MerchantMatch[];
  /** null: no such merchant in the organisation. */
  header: MerchantHeader | null;
  signals: SignalResult[];
  scores: MerchantScore[];
  watchlist: WatchedMerchant[];
  /** `house`: merchants of no agent. */
  portfolio: { nodes: PortfolioNodeRow[]; house: number };
}

export type MerchantAnswer<Q extends MerchantQuestion> = MerchantAnswers[Q['kind']];
