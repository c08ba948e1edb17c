// Scoped books (README "Scoped books") on PGlite and DuckDB: the walk of scopedBooksSuite.ts.
import { openAnalyticsTestApp } from './exportHelpers.ts';
import { SCOPED_BOOK_UIDS, scopedBooksSuite, TODAY } from './scopedBooksSuite.ts';

scopedBooksSuite('PGlite and DuckDB', async () => {
  const stack = (await openAnalyticsTestApp('pglite', SCOPED_BOOK_UIDS, TODAY))!;
  return { ...stack, truth: stack.engine };
});
