// The detector: every signal's score for one merchant with its evidence rows, or for
// every merchant of the organisation without (tests, monitoring). Set-based SQL only, in the engine's
// dialect (merchant/merchantStatements.ts).
import { SIGNAL_IDS, SIGNALS, type SignalId, type SignalResult } from '@payportal/shared/merchants';
import type { MerchantStatements, SignalScope, Statement } from '../merchant/merchantStatements.ts';
import { SIGNAL_EVIDENCE_SQL } from './signalEvidenceSql.ts';
import type { NormRow } from './normsTable.ts';

export interface SignalsRun {
  orgId: number;
  /** The caller's portfolio node (QueryScope.node): every answer keeps to its subtree; null: the organisation. */
  node: string | null;
  today: string;
  hasData: boolean;
  statements: MerchantStatements;
  run: (statement: Statement) => Promise<unknown[][]>;
  /** The MCC norms (statements.norms' rows), kept by the engine per data version and day. */
  norms: () => Promise<NormRow[]>;
}

export interface MerchantScore {
  merchantId: number;
  signal: SignalId;
  score: number;
  flagged: boolean;
}

const flagged = (signal: SignalId, score: number | null) => score !== null && score >= SIGNALS[signal].threshold;

/**
 * Each signal's (merchant_id, score) rows in the scope, as promises: one statement for every signal
 * where the dialect has one (statements.scores), else each signal's own, all asked at once.
 */
function scoreRows(context: SignalsRun, norms: string, scope: SignalScope): (signal: SignalId) => Promise<unknown[][]> {
  const { statements } = context;
  if (!statements.scores) return (signal) => context.run(statements.score(signal, norms, scope));
  const all = context.run(statements.scores(SIGNAL_IDS, norms, scope));
  return async (signal) =>
    (await all).filter(([name]) => name === signal).map(([, merchantId, score]) => [merchantId, score]);
}

/** Every merchant's score on every signal (merchants too quiet to judge on one are left out of it). */
export async function scoreAllMerchants(context: SignalsRun): Promise<MerchantScore[]> {
  if (!context.hasData) return [];
  const scores: MerchantScore[] = [];
  const norms = context.statements.normsTable(await context.norms());
  const rows = scoreRows(context, norms, { orgId: context.orgId, today: context.today, merchantId: null });
  for (const signal of SIGNAL_IDS) {
    for (const [merchantId, score] of await rows(signal)) {
      if (score === null) continue;
      scores.push({
        merchantId: Number(merchantId),
        signal,
        score: Number(score),
        flagged: flagged(signal, Number(score)),
      });
    }
  }
  return scores;
}

/** One merchant's signals, each with its evidence rows (none when the signal is not raised). */
export async function merchantSignals(context: SignalsRun, merchantId: number): Promise<SignalResult[]> {
  const { statements } = context;
  const scope = { orgId: context.orgId, today: context.today, merchantId };
  const norms = context.hasData ? statements.normsTable(await context.norms()) : '';
  const scores = context.hasData ? scoreRows(context, norms, scope) : async () => [];
  return Promise.all(
    SIGNAL_IDS.map(async (signal) => {
      const [row] = await scores(signal);
      const score = row && row[1] !== null ? Number(row[1]) : null;
      const raised = flagged(signal, score);
      const { columns } = SIGNAL_EVIDENCE_SQL[signal];
      const rows = raised
        ? (await context.run(statements.evidence(signal, norms, scope))).map((cells) =>
            cells.map((cell) => (typeof cell === 'bigint' ? Number(cell) : (cell as string | number | null))),
          )
        : [];
      return { signal, score, threshold: SIGNALS[signal].threshold, flagged: raised, evidence: { columns, rows } };
    }),
  );
}
