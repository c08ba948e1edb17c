// Books of the portfolio hierarchy compared (README "Scoped books"): whether one node lies in another's
// subtree, and the narrower of two books. A partner session's scope (partnerNode.ts) and a mail's book
// (alerts/mailBooks.ts) are both the narrower of two books.
import type { PortfolioNodeRow } from '@payportal/analytics';

/** Whether `code` is `ancestor` or lies in its subtree. A code the hierarchy does not hold lies only in itself. */
export function within(
  nodes: readonly Pick<PortfolioNodeRow, 'code' | 'parentCode'>[],
  code: string,
  ancestor: string,
): boolean {
  const parentOf = new Map(nodes.map((node) => [node.code, node.parentCode]));
  for (let at: string | null | undefined = code; at; at = parentOf.get(at)) if (at === ancestor) return true;
  return false;
}

/**
 * The book both `a` and `b` see (null: the whole organisation): the narrower of the two when one lies in the
 * other; undefined when they share no merchant.
 */
export function narrowerBook(
  nodes: readonly Pick<PortfolioNodeRow, 'code' | 'parentCode'>[],
  a: string | null,
  b: string | null,
): string | null | undefined {
  if (a === null || a === b) return b;
  if (b === null || within(nodes, a, b)) return a;
  return within(nodes, b, a) ? b : undefined;
}
