// The columns a description answers, in order, without an engine: an export writes its header from
// them even when no row comes, and the API refuses a question the data cannot answer (QueryError)
// before it queues a job for it. Compiling is pure and cheap; the SQL made here is thrown away.
import type { QueryColumn, QueryDescription } from '@payportal/shared/analytics';
import { compileQuery } from './compileQuery.ts';
import { duckdbDialect } from './duckdbDialect.ts';

export function queryColumns(description: QueryDescription): QueryColumn[] {
  // The organisation and today change values, never columns.
  return compileQuery(description, { orgId: 1, today: '2000-01-01' }, duckdbDialect, { rowCap: 1, rollup: 'auto' })
    .columns;
}
