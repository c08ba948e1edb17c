// A column of a CSV file whose rows are the API's own records (the P&L, a scenario's merchants, the
// dispute queue), not a query's answer: its field, the header's words, and the type that says how a
// cell is written. Such a column has no catalogue format.
import type { QueryColumn } from '@payportal/shared/analytics';

export const csvColumn = <Row>(name: keyof Row & string, label: string, type: QueryColumn['type']): QueryColumn => ({
  name,
  label,
  type,
  format: null,
});
