// How a book is named (packages/api README "Scoped books"): the node's kind, name and merchants, as the
// header's banner ("Agent: Lakeside Payments — 38 merchants"), the organisation's tree and an alert's
// mail show it.
import type { PortfolioNodeKind } from './portfolioScope.ts';

export const NODE_KIND_LABELS: Record<PortfolioNodeKind, string> = { sub_iso: 'Sub-ISO', agent: 'Agent' };

export const countOf = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** "Agent: Lakeside Payments"; a node the hierarchy no longer holds is a plain "Book". */
export const bookName = (book: { name: string; kind: PortfolioNodeKind | null }) =>
  `${book.kind ? NODE_KIND_LABELS[book.kind] : 'Book'}: ${book.name}`;

/** "Agent: Lakeside Payments — 38 merchants". */
export const bookLabel = (book: { name: string; kind: PortfolioNodeKind | null; merchants: number }) =>
  `${bookName(book)} — ${countOf(book.merchants, 'merchant', 'merchants')}`;
