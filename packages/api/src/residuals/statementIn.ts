// A node's statement of a month, frozen when the month is closed, else the engine's: what GET
// statements/{node}/merchants, the statement's CSV and its PDF share, so their figures are one.
import { statementOf, subtreeLines, type NodeStatement } from '@payportal/analytics';
import type { ClosedMonth } from './residualRunRepository.ts';

/** Null when the node is unknown or outside `scopeNode`'s book. */
export async function statementIn(
  closed: ClosedMonth | null,
  live: () => Promise<NodeStatement | null>,
  { month, node, scopeNode }: { month: string; node: string; scopeNode: string | null },
): Promise<NodeStatement | null> {
  if (!closed) return live();
  const { frozen } = closed;
  return statementOf(
    month,
    frozen.nodes,
    subtreeLines(frozen.lines, node),
    frozen.adjustments,
    node,
    scopeNode ?? undefined,
  );
}
