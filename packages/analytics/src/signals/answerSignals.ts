// The detector: every signal's score for one merchant with its evidence rows, or for
// every merchant of the organisation without (tests, monitoring). Set-based SQL only, in the engine's
// dialect (merchant/merchantStatements.ts).
import { SIGNAL_IDS, SIGNALS, type SignalId, type SignalResult } from '@payportal/shared/merchants';
import type { MerchantStatements, Statement } from '../merchant/merchantStatements.ts';
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

/** Every merchant's score on every signal (merchants too quiet to judge on one are left out of it). */
export async function scoreAllMerchants(context: SignalsRun): Promise<MerchantScore[]> {
  if (!context.hasData) return [];
  const scores: MerchantScore[] = [];
  const { statements } = context;
  const norms = statements.normsTable(await context.norms());
  for (const signal of SIGNAL_IDS) {
    for (const [merchantId, score] of await context.run(
      statements.score(signal, norms, { orgId: context.orgId, today: context.today, merchantId: null }),
    )) {
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
  return Promise.all(
    SIGNAL_IDS.map(async (signal) => {
      const [row] = context.hasData ? await context.run(statements.score(signal, norms, scope)) : [];
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
