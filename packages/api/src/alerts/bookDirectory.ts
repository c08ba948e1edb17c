// The organisation's hierarchy as one run of an alert or a subscription needs it (README "Scoped books"):
// read from the engine at most once, and only when a book must be compared or named.
import type { AnalyticsEngine, PortfolioNodeRow } from '@payportal/analytics';
import { bookName } from '@payportal/shared/identity';
import { queryScope } from '../auth/callerScope.ts';

export interface BookDirectory {
  nodes(): Promise<PortfolioNodeRow[]>;
  /** "Agent: Lakeside Payments"; null for the whole organisation. */
  nameOf(book: string | null): Promise<string | null>;
}

export function bookDirectory(engine: AnalyticsEngine, orgId: number, today: string): BookDirectory {
  let hierarchy: Promise<PortfolioNodeRow[]> | null = null;
  // The whole organisation's tree, as organisationNodes reads it (not imported: organization/ imports the
  // route dependencies, which name the alert scheduler).
  const nodes = () =>
    (hierarchy ??= engine
      .merchants({ kind: 'portfolio' }, queryScope(orgId, null, today))
      .then((portfolio) => portfolio.nodes));
  return {
    nodes,
    async nameOf(book) {
      if (book === null) return null;
      const node = (await nodes()).find((candidate) => candidate.code === book);
      // A code the hierarchy no longer holds is named as a plain book.
      return bookName(node ?? { name: book, kind: null });
    },
  };
}
