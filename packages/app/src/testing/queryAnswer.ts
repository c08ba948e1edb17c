// A query API answer for component and chart tests: these columns and rows, whole, from the rollup.
import type { QueryResult } from '@payportal/shared/analytics';

export const queryAnswer = (columns: QueryResult['columns'], rows: QueryResult['rows']): QueryResult => ({
  columns,
  rows,
  rowCount: rows.length,
  truncated: false,
  source: 'rollup',
  dataVersion: '1',
});
