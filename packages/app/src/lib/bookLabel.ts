// How a book is named on screen (README "Scoped books"): the node's kind, name and merchants, as the
// header's banner ("Agent: Lakeside Payments — 38 merchants") and the organisation's tree show it.
import type { PortfolioNodeKind } from '@payportal/shared/identity';

export const NODE_KIND_LABELS: Record<PortfolioNodeKind, string> = { sub_iso: 'Sub-ISO', agent: 'Agent' };

export const countOf = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** "Agent: Lakeside Payments — 38 merchants"; a node the hierarchy no longer holds is a plain "Book". */
export const bookLabel = (book: { name: string; kind: PortfolioNodeKind | null; merchants: number }) =>
  `${book.kind ? NODE_KIND_LABELS[book.kind] : 'Book'}: ${book.name} — ${countOf(book.merchants, 'merchant', 'merchants')}`;
