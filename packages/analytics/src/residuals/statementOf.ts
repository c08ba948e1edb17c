// One partner's statement from its lines, the nodes and the month's adjustments: pure, so the engine's
// live answer and the API's frozen answer of a closed month (README "Residuals") are built alike.
import type { NodeAdjustment, NodeStatement, ResidualLine, ResidualNode } from './residualsQuestion.ts';

/** A sub-ISO sees its own statement and its agents'; an agent only its own (Q1). */
export function inScope(node: ResidualNode, scopeNode: string | undefined): boolean {
  return scopeNode === undefined || node.code === scopeNode || node.parentCode === scopeNode;
}

/** The lines of a node's subtree: its book (an agent) or its agents' books (a sub-ISO). */
export const subtreeLines = (lines: readonly ResidualLine[], code: string): ResidualLine[] =>
  lines.filter((line) => line.agentCode === code || line.subIsoCode === code);

const cents = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0);
const adjustedCents = (adjustments: readonly NodeAdjustment[], code: string) =>
  cents(adjustments.filter((row) => row.nodeCode === code).map((row) => (row.kind === 'income' ? 1 : -1) * row.amount));

/**
 * The statement of node `code` of `month` from its subtree's lines; null when the node is unknown or
 * outside `scopeNode`'s subtree.
 */
export function statementOf(
  month: string,
  nodes: readonly ResidualNode[],
  lines: readonly ResidualLine[],
  adjustments: readonly NodeAdjustment[],
  code: string,
  scopeNode: string | undefined,
): NodeStatement | null {
  const node = nodes.find((candidate) => candidate.code === code);
  if (!node || !inScope(node, scopeNode)) return null;
  const own = node.kind === 'agent';
  const mine = lines.map((line) => ({
    ...line,
    sharePct: own ? line.agentSharePct : line.subIsoSharePct,
    payout: own ? line.agentPayout : line.subIsoPayout,
  }));
  const payouts = cents(mine.map((line) => line.payout));
  const adjusted = adjustedCents(adjustments, code);
  const agents = own ? [] : nodes.filter((candidate) => candidate.parentCode === code);
  const children = agents.map((agent) => ({
    code: agent.code,
    name: agent.name,
    total:
      (cents(mine.filter((line) => line.agentCode === agent.code).map((line) => line.agentPayout)) +
        adjustedCents(adjustments, agent.code)) /
      100,
  }));
  return {
    month,
    node: { code: node.code, name: node.name, kind: node.kind, parentCode: node.parentCode },
    lines: mine,
    adjustments: adjustments
      .filter((row) => row.nodeCode === code)
      .map(({ mid, kind, amount, memo }) => ({ mid, kind, amount, memo })),
    totals: {
      merchants: mine.length,
      volume: cents(mine.map((line) => line.volume)) / 100,
      income: cents(mine.map((line) => line.income)) / 100,
      net: cents(mine.map((line) => line.net)) / 100,
      payouts: payouts / 100,
      adjustments: adjusted / 100,
      total: (payouts + adjusted) / 100,
    },
    children,
  };
}
