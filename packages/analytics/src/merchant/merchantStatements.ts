// What the merchant-level page's finder, header and signals say to an engine, per dialect: DuckDB's
// statements bind values as parameters (duckdbMerchantStatements.ts), ClickHouse 18.16's carry them as
// literals from clickhouseLiteral.ts (clickhouse/clickhouseMerchantStatements.ts). answerSignals.ts and
// answerMerchantQuestion.ts shape the rows alike, so both engines answer the same.
import type { SignalId } from '@payportal/shared/merchants';
import type { FilterValue } from '../compiler/dialect.ts';
import type { NormRow } from '../signals/normsTable.ts';

export interface Statement {
  sql: string;
  params: (FilterValue | null)[];
}

/** The organisation, the caller's day and one merchant (null: every merchant of the organisation). */
export interface SignalScope {
  orgId: number;
  today: string;
  merchantId: number | null;
}

export interface MerchantStatements {
  /** (merchant_id, mid, legal_name, dba_name, mcc, state_code): MIDs from their start, names anywhere, a MID match first. */
  search(orgId: number, node: string | null, text: string, limit: number): Statement;
  /** (merchant_id) of every merchant in the node's subtree (merchantScope.ts). */
  book(orgId: number, node: string): Statement;
  /** The header's cells in MerchantHeader's order, or no row. */
  header(orgId: number, merchantId: number): Statement;
  /** (merchant_id, mid, legal_name, dba_name, mcc, state_code) of these merchants (the engine's own integers). */
  merchantsById(orgId: number, merchantIds: readonly number[]): Statement;
  /** The hierarchy and each agent's book size, in SQL both dialects read alike (portfolioSql.ts). */
  portfolio(orgId: number): Statement[];
  /** The MCC norms before the signals' window; toNorms makes NormRows of its rows, ordered by MCC. */
  norms(orgId: number, today: string): Statement;
  toNorms(rows: unknown[][]): NormRow[];
  /** The norms as a constant table `(mcc, …)` the signal statements join. */
  normsTable(rows: readonly NormRow[]): string;
  /** (merchant_id, score) of each merchant of the scope the signal can judge. */
  score(signal: SignalId, norms: string, scope: SignalScope): Statement;
  /**
   * (signal, merchant_id, score) of every signal in one statement, where the dialect gains by asking once
   * (ClickHouse: one request instead of seven); absent, each signal's `score` is asked on its own.
   */
  scores?(signals: readonly SignalId[], norms: string, scope: SignalScope): Statement;
  /** The evidence rows of one merchant (scope.merchantId), in the columns of SIGNAL_EVIDENCE_SQL. */
  evidence(signal: SignalId, norms: string, scope: SignalScope): Statement;
}
